import PlainText
import RoverAPI

/// Text made safe for HTML: every string from a server or a file name is escaped, so a camera
/// named `<script>` is shown as text and a quote cannot end an attribute.
enum HTMLText {
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default:
        // Control characters have no place in a page, nor on a terminal.
        result.unicodeScalars.append(OneLine.isControl(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }

  /// A relative link to a file: each path segment percent-encoded, so a name with a space, `#`
  /// or `?` still names the file, and the folder can be moved or served as it is.
  static func href(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      var encoded = ""
      for byte in segment.utf8 {
        let plain =
          (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
        encoded += plain ? String(UnicodeScalar(byte)) : "%" + hex(byte)
      }
      return encoded
    }.joined(separator: "/")
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
