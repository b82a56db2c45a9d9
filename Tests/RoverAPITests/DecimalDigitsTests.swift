import PlainText
import Testing

/// Whole numbers written straight into bytes read as the standard library writes them, with
/// the zeros asked for in front.
@Suite struct DecimalDigitsTests {
  static let numbers = [0, 7, 10, 99, 100, 4321, -1, -4321, 1_000_000_007, Int.max, Int.min]

  @Test(arguments: numbers) func aNumberIsItsDescription(_ value: Int) {
    var bytes = Array("x=".utf8)
    DecimalDigits.append(value, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "x=\(value)")
  }

  @Test(arguments: [(7, 3, "007"), (4321, 2, "4321"), (0, 5, "00000"), (-12, 4, "-0012")])
  func zerosMakeUpTheDigitsAskedFor(_ value: Int, _ minimum: Int, _ written: String) {
    var bytes: [UInt8] = []
    DecimalDigits.append(value, minimum: minimum, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == written)
  }

  @Test func writingReturnsWhereTheDigitsEnd() {
    var buffer = [UInt8](repeating: UInt8(ascii: "."), count: 8)
    let end = buffer.withUnsafeMutableBufferPointer {
      DecimalDigits.write(42, minimum: 3, into: $0, at: 2)
    }
    #expect(end == 5)
    #expect(String(decoding: buffer, as: UTF8.self) == "..042...")
  }
}
