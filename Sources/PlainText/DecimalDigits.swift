/// Whole numbers written as decimal digits straight into bytes: a listing writes several a
/// row, for hundreds of thousands of rows, and making a string of each first was most of
/// their cost.
public enum DecimalDigits {
  /// The most digits a whole number has: `UInt.max`'s.
  public static let most = 20

  /// Writes `value` in at least `minimum` digits, zeros in front, from `start` of `bytes`
  /// (which has room for them), and returns where they end.
  public static func write(
    _ value: UInt, minimum: Int = 1, into bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int
  ) -> Int {
    var count = 1
    var rest = value / 10
    while rest > 0 { (count, rest) = (count + 1, rest / 10) }
    let end = start + max(count, minimum)
    // The last digit first, back to the start: the zeros in front are what is left.
    var (place, left) = (end, value)
    while place > start {
      place -= 1
      bytes[place] = UInt8(ascii: "0") + UInt8(left % 10)
      left /= 10
    }
    return end
  }

  /// Appends `value` in at least `minimum` digits, zeros in front, a minus sign first for a
  /// negative one.
  public static func append(_ value: Int, minimum: Int = 1, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(minimum, most)) { digits in
      let end = write(value.magnitude, minimum: minimum, into: digits, at: 0)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<end]))
    }
  }
}
