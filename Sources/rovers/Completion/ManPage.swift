import ArgumentParsing
import CommandRuntime

/// `rovers.1`, written from the same specs as help and completion.
enum ManPage {
  static func page(_ specs: [CommandSpec]) -> String {
    var text = """
      .TH ROVERS 1 "" "rovers \(Rovers.version)" "User Commands"
      .SH NAME
      rovers \\- browse NASA's Mars rover photos from the terminal
      .SH SYNOPSIS
      .B rovers
      .I subcommand
      .RI [ options ]
      .SH DESCRIPTION
      \(roff(Rovers.abstract)) Lists the rovers, each rover's latest photos, how many photos it \
      took on every sol (Martian day), the photos of one sol, and saves them as files, fetching \
      every rover, page and image at once. It speaks the Mars Rover Photos API, which NASA \
      archived in 2025 and community servers keep: by default https://rovers.nebulum.one/api/v1.
      .SH COMMANDS

      """
    for spec in specs {
      text += ".SS \"\(roff(spec.usage(program: "rovers")))\"\n\(roff(spec.abstract))\n"
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
    text += HelpTopic.commonOptions.map(item).joined()
    text += ".SH ENVIRONMENT\n"
    for (name, meaning) in HelpTopic.environmentVariables {
      text += ".TP\n.B \(name)\n\(roff(meaning))\n"
    }
    text += """
      .SH FILES
      .TP
      .I $XDG_CONFIG_HOME/rovers/config
      Settings as key = value lines: api-base, api-key-file, timeout, retries, deadline, jobs, \
      source, nasa-base, size, image-protocol, cache-max-mb (default folder ~/.config; or \
      --config, ROVERS_CONFIG).
      .TP
      .I $XDG_CACHE_HOME/rovers
      The response cache and the last traverse maps (default folder ~/.cache), at most 200 MB \
      unless cache-max-mb says otherwise.
      .TP
      .I DIR/.rovers-sync.journal, DIR/.rovers-sync.lock
      What sync has mirrored into DIR, one line per finished sol, and the lock that keeps to \
      one sync per folder.
      .TP
      .I DIR/<rover>/<sol>/.rovers-sol.json
      What download and sync know of the sol's photos, for the gallery and for photos gone \
      from their host.
      .SH EXIT STATUS

      """
    for code in ExitCode.allCases {
      text += ".TP\n.B \(code.rawValue)\n\(roff(code.meaning))\n"
    }
    text += ".PP\n\(roff(ExitCode.nasaHostRule))\n"
    text += """
      .SH EXAMPLES
      .nf
      rovers list
      rovers latest --json | jq '.[] | {rover, sol}'
      rovers manifest curiosity --format csv --fields sol,earth_date,total_photos
      rovers photos perseverance \\-\\-sol 100 \\-\\-urls
      rovers download perseverance \\-\\-sol 100 \\-o ~/mars
      rovers sync perseverance \\-o ~/mars \\-q
      .fi

      """
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
  static func roff(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
    return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}
