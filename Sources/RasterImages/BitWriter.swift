/// Bits written least significant first into bytes, as deflate packs them.
///
/// The bytes go into memory of its own, four at a time, grown when full: an array's append
/// checked its storage for every byte. ``finish()`` hands them over and frees it, and must end
/// every writer.
struct BitWriter {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var length = 0
  private var buffer: UInt64 = 0
  private var count = 0

  init(capacity: Int) {
    self.capacity = max(64, capacity)
    storage = .allocate(capacity: self.capacity)
  }

  /// Makes room for `more` bytes.
  @inline(__always)
  private mutating func reserve(_ more: Int) {
    guard length &+ more > capacity else { return }
    let grown = max(capacity * 2, length + more)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.moveInitialize(from: storage, count: length)
    storage.deallocate()
    storage = larger
    capacity = grown
  }

  /// Writes the low `width` bits of `value` (at most 32).
  @inline(__always)
  mutating func write(_ value: UInt32, _ width: Int) {
    buffer |= UInt64(value) &<< UInt64(count)
    count &+= width
    if count >= 32 {
      reserve(4)
      UnsafeMutableRawPointer(storage + length).storeBytes(
        of: UInt32(truncatingIfNeeded: buffer).littleEndian, as: UInt32.self)
      length &+= 4
      buffer &>>= 32
      count &-= 32
    }
  }

  /// Pads to a whole byte with zeros.
  mutating func alignToByte() {
    reserve(8)
    while count > 0 {
      storage[length] = UInt8(truncatingIfNeeded: buffer)
      length += 1
      buffer >>= 8
      count = max(0, count - 8)
    }
    buffer = 0
  }

  /// Appends bytes as they are; the writer must be at a byte boundary.
  mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
    guard let base = more.baseAddress, !more.isEmpty else { return }
    reserve(more.count)
    (storage + length).initialize(from: base, count: more.count)
    length += more.count
  }

  /// Everything written, the last byte padded with zeros; the writer's memory is freed.
  mutating func finish() -> [UInt8] {
    alignToByte()
    let bytes = Array(UnsafeBufferPointer(start: storage, count: length))
    storage.deallocate()
    capacity = 0
    length = 0
    storage = .allocate(capacity: 1)
    return bytes
  }
}
