/// Bits written least significant first into bytes, as deflate packs them.
struct BitWriter {
  /// The bytes written whole.
  private(set) var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var count = 0

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// Writes the low `width` bits of `value` (at most 32).
  @inline(__always)
  mutating func write(_ value: UInt32, _ width: Int) {
    buffer |= UInt64(value) &<< UInt64(count)
    count &+= width
    if count >= 32 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      bytes.append(UInt8(truncatingIfNeeded: buffer >> 8))
      bytes.append(UInt8(truncatingIfNeeded: buffer >> 16))
      bytes.append(UInt8(truncatingIfNeeded: buffer >> 24))
      buffer &>>= 32
      count &-= 32
    }
  }

  /// Pads to a whole byte with zeros.
  mutating func alignToByte() {
    while count > 0 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count = max(0, count - 8)
    }
    buffer = 0
  }

  /// Appends bytes as they are; the writer must be at a byte boundary.
  mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: more)
  }

  /// Everything written, the last byte padded with zeros.
  mutating func finish() -> [UInt8] {
    alignToByte()
    return bytes
  }
}
