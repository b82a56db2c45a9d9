/// A program's man page (`rovers.1`), written from the same specs as help and completion.
public enum ManPage {
  /// The page of the program `manual` describes, whose commands are `specs`.
  public static func page(_ specs: [CommandSpec], _ manual: ProgramManual) -> String {
    let name = manual.name
    var text = """
      .TH \(name.uppercased()) 1 "" "\(name) \(manual.version)" "User Commands"
      .SH NAME
      \(name) \\- \(manual.summary)
      .SH SYNOPSIS
      .B \(name)
      .I subcommand
      .RI [ options ]
      .SH DESCRIPTION
      \(roff(manual.description))
      .SH COMMANDS

      """
    for spec in specs {
      text += ".SS \"\(roff(spec.usage(program: name)))\"\n\(roff(spec.abstract))\n"
      if let discussion = spec.discussion { text += ".PP\n\(roff(discussion))\n" }
      for argument in spec.arguments {
        text += ".TP\n.I \(roff("<\(argument.name)>"))\n\(roff(argument.help))\n"
      }
      text += spec.ownOptions.map(item).joined()
      if !spec.commonOptions.isEmpty {
        let names = spec.commonOptions.map { $0.short.map { "-\($0)" } ?? "--\($0.long)" }
        text +=
          ".PP\nCommon options (see COMMON OPTIONS): \(roff(names.joined(separator: ", "))).\n"
      }
    }
    // The options every data command shares, described once rather than under each command.
    text += ".SH COMMON OPTIONS\n"
    text += manual.commonOptions.map(item).joined()
    text += ".SH ENVIRONMENT\n"
    for (variable, meaning) in manual.environment {
      text += ".TP\n.B \(variable)\n\(roff(meaning))\n"
    }
    text += ".SH FILES\n" + manual.files + ".SH EXIT STATUS\n"
    for (code, meaning) in manual.exitCodes {
      text += ".TP\n.B \(code)\n\(roff(meaning))\n"
    }
    text += ".PP\n\(roff(manual.exitNote))\n"
    text += ".SH EXAMPLES\n.nf\n" + manual.examples + ".fi\n"
    return text
  }

  /// One option as a tagged paragraph: `-o, --output <dir>` and what it does.
  private static func item(_ option: OptionSpec) -> String {
    let value = option.valueName.map { " \\fI<\(roff($0))>\\fR" } ?? ""
    let short = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
    let suffix = option.defaultValue.map { " (default: \($0))" } ?? ""
    return
      ".TP\n\(short)\\fB\\-\\-\(roff(option.long))\\fR\(value)\n\(roff(option.help + suffix))\n"
  }

  /// Text safe in roff: backslashes doubled, dashes literal, and no line starting with a dot
  /// or quote, which roff reads as a request.
  public static func roff(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}
