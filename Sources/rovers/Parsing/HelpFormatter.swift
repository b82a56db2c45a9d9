/// Lays out help the way swift-argument-parser does: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`,
/// `OPTIONS:`, `SUBCOMMANDS:`, two-space indent, descriptions at column 26.
enum HelpFormatter {
  static let descriptionColumn = 26

  /// The help of one subcommand.
  static func help(for spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n\n"
    if let discussion = spec.discussion { text += wrap(discussion, width: 80) + "\n\n" }
    text += "USAGE: \(spec.usage)\n"
    if !spec.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in spec.arguments { text += row("<\(argument.name)>", argument.help) }
    }
    text += "\nOPTIONS:\n"
    for option in spec.options {
      var help = option.help
      if let value = option.defaultValue { help += " (default: \(value))" }
      text += row(option.helpLabel, help)
    }
    text += row("-h, --help", "Show help information.")
    return text
  }

  /// The root command's help.
  static func rootHelp(abstract: String, commands: [CommandSpec], topics: [HelpTopic]) -> String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: rovers <subcommand>\n\nOPTIONS:\n"
    text += row("--version", "Show the version.")
    text += row("-h, --help", "Show help information.")
    text += "\nSUBCOMMANDS:\n"
    for command in commands { text += row(command.name, command.abstract) }
    text += row("help", "Show subcommand help information.")
    text += "\nHELP TOPICS:\n"
    for topic in topics { text += row(topic.name, topic.abstract) }
    text += "\n  See 'rovers help <subcommand>' for detailed help.\n"
    return text
  }

  /// Breaks a paragraph into lines of at most `width` characters, at spaces.
  static func wrap(_ paragraph: String, width: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in paragraph.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }

  /// `  label                   description`, or the description on the next line when the
  /// label leaves it no room.
  static func row(_ label: String, _ description: String) -> String {
    let indented = "  " + label
    if indented.count <= descriptionColumn - 2 {
      return indented.padding(to: descriptionColumn) + description + "\n"
    }
    return indented + "\n" + String(repeating: " ", count: descriptionColumn) + description + "\n"
  }
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
