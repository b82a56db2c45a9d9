/// Bytes written into memory of their own, grown by doubling when full: the encoders' output,
/// where an array's append checked its storage for every byte. ``finish()`` hands the bytes
/// over and frees the memory, and must end every use.
struct ByteStorage {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// How many bytes are written.
  private(set) var length = 0

  /// Room for `capacity` bytes to start with.
  init(capacity: Int) {
    self.capacity = max(64, capacity)
    base = .allocate(capacity: self.capacity)
  }

  /// Where the next byte goes; valid for as many bytes as were reserved.
  var end: UnsafeMutablePointer<UInt8> { base + length }

  /// Makes room for `more` bytes after those written.
  @inline(__always)
  mutating func reserve(_ more: Int) {
    if length &+ more > capacity { grow(toHold: length + more) }
  }

  /// Counts `count` bytes written at ``end`` as written.
  @inline(__always)
  mutating func advance(_ count: Int) { length &+= count }

  /// Moves the bytes into memory at least twice as large.
  @inline(never)
  private mutating func grow(toHold needed: Int) {
    let grown = max(capacity * 2, needed)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
    larger.moveInitialize(from: base, count: length)
    base.deallocate()
    base = larger
    capacity = grown
  }

  /// The bytes written; the memory is freed and the storage is empty again.
  mutating func finish() -> [UInt8] {
    let bytes = Array(UnsafeBufferPointer(start: base, count: length))
    base.deallocate()
    capacity = 1
    length = 0
    base = .allocate(capacity: 1)
    return bytes
  }
}
