/// Bits written least significant first into bytes, as deflate packs them, four bytes at a
/// time into a ``ByteStorage``. ``finish()`` hands them over, and must end every writer.
struct BitWriter {
  private var bytes: ByteStorage
  private var buffer: UInt64 = 0
  private var count = 0

  init(capacity: Int) { bytes = ByteStorage(capacity: capacity) }

  /// Writes the low `width` bits of `value` (at most 32).
  @inline(__always)
  mutating func write(_ value: UInt32, _ width: Int) {
    buffer |= UInt64(value) &<< UInt64(count)
    count &+= width
    if count >= 32 {
      bytes.reserve(4)
      UnsafeMutableRawPointer(bytes.end).storeBytes(
        of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
      bytes.advance(4)
      buffer &>>= 32
      count &-= 32
    }
  }

  /// Pads to a whole byte with zeros.
  mutating func alignToByte() {
    bytes.reserve(8)
    while count > 0 {
      bytes.end.pointee = UInt8(truncatingIfNeeded: buffer)
      bytes.advance(1)
      buffer >>= 8
      count = max(0, count - 8)
    }
    buffer = 0
  }

  /// Appends bytes as they are; the writer must be at a byte boundary.
  mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
    guard let base = more.baseAddress, !more.isEmpty else { return }
    bytes.reserve(more.count)
    bytes.end.initialize(from: base, count: more.count)
    bytes.advance(more.count)
  }

  /// Everything written, the last byte padded with zeros; the writer's memory is freed.
  mutating func finish() -> [UInt8] {
    alignToByte()
    return bytes.finish()
  }
}
