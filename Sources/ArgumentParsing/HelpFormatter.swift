/// Lays out help the way swift-argument-parser does: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`,
/// `OPTIONS:`, `SUBCOMMANDS:`, two-space indent, descriptions at column 26, every line wrapped
/// to the width (the terminal's, or 80 when help goes to a pipe or a file).
public struct HelpFormatter: Sendable {
  /// The column descriptions start at.
  public static let descriptionColumn = 26
  /// The width of help that does not go to a terminal, as argument-parser's.
  public static let defaultWidth = 80

  /// The column no line may pass.
  public var width: Int
  /// The program's name, as usage lines start: `rovers`.
  public var program: String

  /// A formatter for `program`'s help, wrapped to `width`.
  public init(program: String, width: Int = HelpFormatter.defaultWidth) {
    self.program = program
    // Narrower than this, descriptions would be a word a line; a long line reads better.
    self.width = max(width, Self.descriptionColumn + 20)
  }

  /// The help of one subcommand. With `commonOptionsTopic`, the shared options it takes are
  /// named in one paragraph that points to that help topic, which describes them once;
  /// without, every option is described here.
  public func help(for spec: CommandSpec, commonOptionsTopic: String? = nil) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n\n"
    if let discussion = spec.discussion { text += wrap(discussion) + "\n\n" }
    text += usage(spec.usage(program: program)) + "\n"
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments { text += row("<\(argument.name)>", argument.help) }
    }
    let common = commonOptionsTopic == nil ? [] : spec.commonOptions
    text += "\nOPTIONS:\n"
    text += rows(commonOptionsTopic == nil ? spec.options : spec.ownOptions)
    text += row("-h, --help", "Show help information.")
    if let topic = commonOptionsTopic, !common.isEmpty {
      let names = common.map { $0.short.map { "-\($0)" } ?? "--\($0.long)" }.joined(separator: ", ")
      text += "\nCOMMON OPTIONS:\n"
      text += indented(wrap("\(names): see '\(program) help \(topic)'.", less: 2), by: 2)
    }
    if !spec.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      // An example is a command to copy: never cut across lines, whatever the width (a
      // terminal narrower than it wraps it without a break in the text).
      for example in spec.examples { text += "  \(example)\n" }
    }
    return text
  }

  /// Option rows, each with its default.
  public func rows(_ options: [OptionSpec]) -> String {
    options.map { option in
      var help = option.help
      if let value = option.defaultValue { help += " (default: \(value))" }
      return row(option.helpLabel, help)
    }.joined()
  }

  private func wrap(_ text: String, less: Int) -> String {
    HelpFormatter(program: program, width: width - less).wrap(text)
  }

  private func indented(_ text: String, by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }
      .joined(separator: "\n") + "\n"
  }

  /// The root command's help; `topics` are the names and one-line abstracts of the help
  /// topics beside the subcommands.
  public func rootHelp(
    abstract: String, commands: [CommandSpec], topics: [(name: String, abstract: String)]
  ) -> String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(program) <subcommand>\n\nOPTIONS:\n"
    text += row("-V, --version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    text += "\nSUBCOMMANDS:\n"
    for command in commands { text += row(command.name, command.abstract) }
    text += row("help", "Show subcommand help information.")
    text += "\nHELP TOPICS:\n"
    for topic in topics { text += row(topic.name, topic.abstract) }
    text += "\n  See '\(program) help <subcommand>' for detailed help.\n"
    return text
  }

  /// `USAGE: rovers photos …`, broken between whole groups (`[--camera <name> ...]` stays on
  /// one line) with the later lines under the first word after `USAGE:`.
  public func usage(_ line: String) -> String {
    let prefix = "USAGE: "
    return fill(groups(line), firstIndent: prefix, indent: String(repeating: " ", count: 9))
  }

  /// Paragraphs broken into lines of at most the width, at spaces.
  public func wrap(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      fill($0.split(separator: " ").map(String.init), firstIndent: "", indent: "")
    }.joined(separator: "\n")
  }

  /// `  label                   description`, the description wrapped at the width under
  /// itself, or starting on the next line when the label leaves it no room.
  public func row(_ label: String, _ description: String) -> String {
    let indented = "  " + label
    let column = String(repeating: " ", count: Self.descriptionColumn)
    let words = description.split(separator: " ").map(String.init)
    if indented.count <= Self.descriptionColumn - 2 {
      return fill(words, firstIndent: indented.padding(to: Self.descriptionColumn), indent: column)
        + "\n"
    }
    return indented + "\n" + fill(words, firstIndent: column, indent: column) + "\n"
  }

  /// Words laid out in lines no longer than the width; a word longer than a line gets one.
  private func fill(_ words: [String], firstIndent: String, indent: String) -> String {
    var lines: [String] = []
    var line = firstIndent
    var lineHasWord = false
    for word in words {
      if lineHasWord, line.count + 1 + word.count > width {
        lines.append(line)
        line = indent
        lineHasWord = false
      }
      line += (lineHasWord ? " " : "") + word
      lineHasWord = true
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  /// The usage line's words, with each bracketed group kept whole.
  private func groups(_ line: String) -> [String] {
    var groups: [String] = []
    var current = ""
    var depth = 0
    for character in line {
      switch character {
      case "(", "[", "<": depth += 1
      case ")", "]", ">": depth -= 1
      default: break
      }
      if character == " ", depth <= 0 {
        if !current.isEmpty { groups.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { groups.append(current) }
    return groups
  }
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  public func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
