/// Makes text from a server safe to print in a text format: control characters (C0 and C1:
/// escape sequences, bells, carriage returns, OSC 52 clipboard writes) never reach a terminal
/// raw. JSON needs none of this: its encoder escapes them.
public enum TerminalText {
  /// Replaces every control character with U+FFFD, the visible replacement character.
  public static func safe(_ text: String) -> String { safe(text, keeping: []) }

  /// Replaces every control character but those `kept` with U+FFFD.
  public static func safe(_ text: String, keeping kept: Set<Unicode.Scalar>) -> String {
    let replaced = { (scalar: Unicode.Scalar) in isControl(scalar) && !kept.contains(scalar) }
    guard text.unicodeScalars.contains(where: replaced) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      result.append(replaced(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(result)
  }

  /// For a TSV field, which has no quoting: tab, line breaks and backslash are escaped as
  /// `\t`, `\n`, `\r` and `\\` (as PostgreSQL and Miller write them), other controls replaced.
  public static func tsvField(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\\": result += "\\\\"
      default: result.unicodeScalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }

  /// Whether the scalar is a C0 or C1 control character.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool { OneLine.isControl(scalar) }
}
