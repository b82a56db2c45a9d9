/// FNV-1a, 64 bits: a fast hash of bytes for names and checksums (never for security), kept
/// in this module, which is built for speed, since it runs over whole response bodies.
public enum FNV1a {
  /// The hash of `bytes`.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The hash of `bytes`, as 16 hexadecimal digits.
  public static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
    let hex = String(hash(bytes), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
