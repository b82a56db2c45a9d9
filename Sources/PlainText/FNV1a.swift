/// FNV-1a, 64 bits: a fast hash of bytes for names and checksums (never for security), kept
/// in this module, which is built for speed, since it runs over whole response bodies.
public enum FNV1a {
  /// The hash of `bytes`; with `continuing`, of the bytes hashed to it followed by these.
  public static func hash(
    _ bytes: UnsafeRawBufferPointer, continuing start: UInt64 = 0xcbf2_9ce4_8422_2325
  ) -> UInt64 {
    var hash = start
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The hash of `bytes`, as 16 hexadecimal digits.
  public static func hex(_ bytes: UnsafeRawBufferPointer) -> String { digits(hash(bytes)) }

  /// A checksum of a large body in the same manner, eight bytes a step (then the rest a byte a
  /// step, then the length), as 16 hexadecimal digits: a whole answer of megabytes is summed
  /// in a few milliseconds, where a byte a step takes several times as long. It tells a body
  /// cut short or overwritten from the one stored; it is no hash for names.
  public static func checksum(_ bytes: UnsafeRawBufferPointer) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let words = bytes.count / 8
    for index in 0..<words {
      let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
      hash = (hash ^ word) &* 0x100_0000_01b3
    }
    for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return digits((hash ^ UInt64(bytes.count)) &* 0x100_0000_01b3)
  }

  private static func digits(_ hash: UInt64) -> String {
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
