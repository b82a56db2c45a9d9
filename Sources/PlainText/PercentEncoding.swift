/// Percent-encoding (RFC 3986) by the UTF-8 bytes, keeping a chosen set of ASCII characters:
/// what Foundation's `addingPercentEncoding` does, without the character sets that bring ICU
/// into the binary.
public enum PercentEncoding {
  /// Which bytes stay as they are.
  public enum Kept: Sendable {
    /// ASCII letters and digits.
    case alphanumerics
    /// RFC 3986's unreserved characters: ASCII letters, digits, `-`, `.`, `_` and `~`.
    case unreserved
    /// What a path segment may hold as it is: the unreserved characters, the sub-delimiters
    /// (`!$&'()*+,;=`), `:` and `@`; also `/`, as Foundation's `urlPathAllowed` keeps it.
    case pathCharacters

    func keeps(_ byte: UInt8) -> Bool {
      let isAlphanumeric =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      switch self {
      case .alphanumerics: return isAlphanumeric
      // The UTF-8 views of literals: no array made for each byte.
      case .unreserved: return isAlphanumeric || "-._~".utf8.contains(byte)
      case .pathCharacters:
        return isAlphanumeric || "-._~!$&'()*+,;=:@/".utf8.contains(byte)
      }
    }
  }

  /// `text` with every byte not `kept` written as `%XX`.
  public static func encode(_ text: some StringProtocol, keeping kept: Kept) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if kept.keeps(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
