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

  /// Writes the code of each of `bytes`, from `words` (a code in the low 16 bits, its length
  /// above): deflate's literals alone, three codes of at most 15 bits at a time, then every
  /// whole byte stored with one unaligned 8-byte write and no branch on how many there were.
  mutating func writeCodes(of bytes: UnsafeBufferPointer<UInt8>, _ words: UnsafePointer<UInt32>) {
    // At most 15 bits a code, and 8 bytes of slack for the last store.
    self.bytes.reserve(bytes.count * 2 + 16)
    var out = self.bytes.end
    let start = out
    var buffer = self.buffer
    var count = self.count
    @inline(__always) func spill() {
      UnsafeMutableRawPointer(out).storeBytes(of: buffer.littleEndian, as: UInt64.self)
      // At most 31 + 0 or 7 + 45 bits are held: six whole bytes, never all eight.
      let whole = count &>> 3
      out += whole
      buffer &>>= UInt64(whole &<< 3)
      count &= 7
    }
    spill()
    @inline(__always) func put(_ byte: UInt8) {
      let word = words[Int(byte)]
      buffer |= UInt64(word & 0xFFFF) &<< UInt64(count)
      count &+= Int(word &>> 16)
    }
    var index = 0
    while index &+ 3 <= bytes.count {
      put(bytes[index])
      put(bytes[index &+ 1])
      put(bytes[index &+ 2])
      spill()
      index &+= 3
    }
    while index < bytes.count {
      put(bytes[index])
      spill()
      index &+= 1
    }
    self.bytes.advance(out - start)
    self.buffer = buffer
    self.count = count
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
