/// Parses a subcommand's words against its ``CommandSpec``, as swift-argument-parser does:
/// `--opt value` and `--opt=value`, `-o value`, repeated options, `--` to end options, and
/// options before or after positionals.
enum ArgumentParser {
  /// Whether the words ask for help: `-h` or `--help` anywhere before `--`. Help wins over any
  /// other error on the same line.
  static func wantsHelp(_ words: [String]) -> Bool {
    for word in words {
      if word == "--" { return false }
      if word == "-h" || word == "--help" { return true }
    }
    return false
  }

  static func parse(_ words: [String], for spec: CommandSpec) throws -> ParsedArguments {
    var parsed = ParsedArguments(spec: spec)
    var rest = words[...]
    var optionsEnded = false
    while let word = rest.popFirst() {
      if optionsEnded || !word.hasPrefix("-") || word == "-" || isNegativeNumber(word) {
        parsed.positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (name, attached) = split(word)
      guard let option = spec.option(named: name) else {
        let names = spec.options.map { "--" + $0.long } + ["--help"]
        throw UsageError.unknownOption(
          name, suggestion: Suggestion.nearest(to: name, in: names), in: spec)
      }
      guard option.valueName != nil else {
        if attached != nil { throw UsageError.unexpectedArgument(word, in: spec) }
        parsed.flags.insert(option.long)
        continue
      }
      // A value may look like an option only when attached (`--sol=-1`) or a negative number.
      let value = attached ?? rest.first.flatMap { isValue($0) ? rest.popFirst() : nil }
      guard let value else { throw UsageError.missingValue(for: option, in: spec) }
      parsed.values[option.long, default: []].append(value)
    }
    try checkPositionals(parsed.positionals, spec)
    return parsed
  }

  private static func checkPositionals(_ words: [String], _ spec: CommandSpec) throws {
    let takesAll = spec.arguments.last?.isRepeated ?? false
    if !takesAll, words.count > spec.arguments.count {
      throw UsageError.unexpectedArgument(words[spec.arguments.count], in: spec)
    }
    for (index, argument) in spec.arguments.enumerated()
    where argument.isRequired && index >= words.count {
      throw UsageError.missingArgument("<\(argument.name)>", in: spec)
    }
  }

  /// `--name=value` → (`--name`, `value`); `-o` stays whole.
  private static func split(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  private static func isValue(_ word: String) -> Bool {
    !word.hasPrefix("-") || word == "-" || isNegativeNumber(word)
  }

  /// `-1` is a value to be judged, not an unknown option: "--sol -1" then says why -1 is wrong.
  private static func isNegativeNumber(_ word: String) -> Bool {
    word.count > 1 && word.hasPrefix("-")
      && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
  }
}
