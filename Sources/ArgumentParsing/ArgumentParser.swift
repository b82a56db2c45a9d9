/// Parses a subcommand's words against its ``CommandSpec``, as swift-argument-parser does:
/// `--opt value` and `--opt=value`, `-o value`, `-ovalue` and `-qv`, repeated options, `--` to
/// end options, and options before or after positionals.
public enum ArgumentParser {
  /// Whether the words ask for help: `-h` or `--help` anywhere before `--`. Help wins over any
  /// other error on the same line.
  public static func wantsHelp(_ words: [String]) -> Bool {
    for word in words {
      if word == "--" { return false }
      if word == "-h" || word == "--help" { return true }
    }
    return false
  }

  /// The words' options and positionals, checked against `spec`; throws ``UsageError``.
  public static func parse(_ words: [String], for spec: CommandSpec) throws -> ParsedArguments {
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
      if !word.hasPrefix("--"), word.count > 2 {
        try parseCluster(word, into: &parsed, rest: &rest)
        continue
      }
      let (name, attached) = split(word)
      let option = try known(name, in: spec)
      guard option.valueName != nil else {
        if attached != nil { throw UsageError.unexpectedArgument(word, in: spec) }
        parsed.flags.insert(option.long)
        continue
      }
      // A value may look like an option only when attached (`--sol=-1`) or a negative number.
      let value = attached ?? rest.first.flatMap { isValue($0) ? rest.popFirst() : nil }
      try add(value, for: option, to: &parsed)
    }
    try checkPositionals(parsed.positionals, spec)
    return parsed
  }

  /// Short options in one word, as getopt reads them: `-qv` is `-q -v`, and the first that
  /// takes a value takes the rest of the word (`-j8`, `-omars`) or else the next word.
  private static func parseCluster(
    _ word: String, into parsed: inout ParsedArguments, rest: inout ArraySlice<String>
  ) throws {
    var letters = word.dropFirst()
    while let letter = letters.popFirst() {
      let option = try known("-\(letter)", in: parsed.spec)
      guard option.valueName != nil else {
        parsed.flags.insert(option.long)
        continue
      }
      let value =
        letters.isEmpty
        ? rest.first.flatMap { isValue($0) ? rest.popFirst() : nil } : String(letters)
      try add(value, for: option, to: &parsed)
      return
    }
  }

  /// The option called `name`, or a usage error that suggests the nearest one.
  private static func known(_ name: String, in spec: CommandSpec) throws -> OptionSpec {
    if let option = spec.option(named: name) { return option }
    if let advice = spec.elsewhere[name] {
      throw UsageError(message: "Unknown option '\(name)'. \(advice)", command: spec)
    }
    let names = spec.options.map { "--" + $0.long } + ["--help"]
    throw UsageError.unknownOption(name, known: names, in: spec)
  }

  /// Records an option's value; a single-value option given twice is a mistake, not a choice
  /// of the last, since the two values usually mean the line was built wrong.
  private static func add(
    _ value: String?, for option: OptionSpec, to parsed: inout ParsedArguments
  ) throws {
    guard let value else { throw UsageError.missingValue(for: option, in: parsed.spec) }
    if !option.isRepeatable, let earlier = parsed.values[option.long]?.first {
      throw UsageError(
        message:
          "'\(option.displayName)' was given twice ('\(earlier)' and '\(value)'); it takes one value",
        command: parsed.spec)
    }
    parsed.values[option.long, default: []].append(value)
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
  /// So is any word a digit follows the dash of (no option is named by one), such as a southern
  /// place, `-4.59,137.44`, or a negative distance, `-5m`.
  private static func isNegativeNumber(_ word: String) -> Bool {
    word.hasPrefix("-") && word.dropFirst().first.map { $0.isNumber || $0 == "." } == true
  }
}
