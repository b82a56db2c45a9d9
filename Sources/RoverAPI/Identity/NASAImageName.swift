/// The one definition of a photo's identity across servers: the base name of its image file.
///
/// Every server (the original API, nebulum, Mars Vista) and NASA's own feeds point at the same
/// files on NASA's hosts, but number photos their own way, so ids cannot be compared. The file's
/// base name can: the address's last segment, without its extension and without the size suffix
/// Perseverance's smaller copies carry (`_320`, `_800`, `_1200`). For Curiosity it equals the
/// feed's `imageid`; for Perseverance, `imageid` plus a two-digit version.
///
/// Worked out on the address's UTF-8 bytes: it runs for every photo of every list.
public enum NASAImageName {
  /// The suffixes that mark a size of the same image: small, medium and large.
  static let sizeSuffixes = ["_320", "_800", "_1200"]

  /// The identity of the image at `imageURL`, or `nil` when the address has no file name.
  ///
  /// `…/ncam/NLF_0888_…_295J01_1200.jpg` → `NLF_0888_…_295J01`.
  public static func identity(ofImageAt imageURL: String) -> String? {
    let name = fileName(of: imageURL)
    var base = Substring(name)
    if let dot = base.utf8.lastIndex(of: UInt8(ascii: ".")), dot != base.startIndex {
      base = base[..<dot]
    }
    for suffix in sizeSuffixes where base.utf8.reversed().starts(with: suffix.utf8.reversed()) {
      base = base.dropLast(suffix.count)
      break
    }
    return base.isEmpty ? nil : String(base)
  }

  /// The address's last path segment, percent-decoded, without query or fragment.
  public static func fileName(of imageURL: String) -> String {
    var address = imageURL
    // Native strings are contiguous already: no copy, and the bytes are read directly.
    return address.withUTF8 { fileName(ofBytes: $0) }
  }

  private static func fileName(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> String {
    let end =
      bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.endIndex
    // Past `scheme://host`: an address of a host alone has no file name.
    var start = 0
    if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")),
      bytes[colon...].starts(with: "://".utf8)
    {
      guard let slash = bytes[(colon + 3)..<end].firstIndex(of: UInt8(ascii: "/")) else {
        return ""
      }
      start = slash
    }
    var last = bytes[start..<end]
    while let final = last.last, final == UInt8(ascii: "/") { last = last.dropLast() }
    if let slash = last.lastIndex(of: UInt8(ascii: "/")) { last = last[(slash + 1)...] }
    guard last.contains(UInt8(ascii: "%")) else { return String(decoding: last, as: UTF8.self) }
    return percentDecoded(Array(last))
  }

  /// `%XX` sequences as bytes; text that does not decode to UTF-8 is kept as it was written.
  private static func percentDecoded(_ bytes: [UInt8]) -> String {
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return String(validating: decoded, as: UTF8.self) ?? String(decoding: bytes, as: UTF8.self)
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
