import ArgumentParsing
import CommandRuntime

/// Checks rover and camera names before any URL exists: the server takes them as path
/// segments and query values, so only plain names get through.
enum NameRules {
  /// A rover name, lower-cased: letters, digits, `-` and `_`.
  static func rover(_ text: String, spec: CommandSpec) throws -> String {
    guard isPlainName(text) else {
      throw UsageError.invalidValue(
        text, for: "<rover>", reason: "a rover name is letters, such as curiosity", in: spec)
    }
    return text.lowercased()
  }

  /// A camera name, upper-cased as the API writes them: letters, digits and `_`.
  static func camera(_ text: String, spec: CommandSpec) throws -> String {
    if text.contains(","), text.split(separator: ",").allSatisfy({ isPlainName(String($0)) }) {
      let repeated = text.split(separator: ",").map { "--camera \($0)" }.joined(separator: " ")
      throw UsageError.invalidValue(
        text, for: "--camera <name>", reason: "give one camera each time: \(repeated)", in: spec)
    }
    guard isPlainName(text), !text.contains("-") else {
      throw UsageError.invalidValue(
        text, for: "--camera <name>",
        reason: "a camera name is letters, digits and _, such as FHAZ",
        in: spec)
    }
    return text.uppercased()
  }

  private static func isPlainName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 64
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "_" || $0 == "-"
      }
  }
}
