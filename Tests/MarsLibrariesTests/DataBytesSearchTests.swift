import Foundation
import Testing

@testable import FixtureServing

/// The fixture servers' search of bytes, held to Foundation's `range(of:)`.
struct DataBytesSearchTests {
  @Test func findsWhatRangeOfFindsFromEachPlace() {
    let whole = Data("xxabcab\r\n\r\nabcabc".utf8)
    // A slice keeps its parent's indices: they start at 3 here.
    for data in [whole, whole[3...]] {
      for pattern in ["abc", "ab", "\r\n\r\n", "c", "abcabc", "zz", "xxabcab\r\n\r\nabcabcx"] {
        for from in data.startIndex...data.endIndex {
          let expected = data.range(of: Data(pattern.utf8), in: from..<data.endIndex)
          #expect(
            data.firstRange(ofBytes: Array(pattern.utf8), from: from) == expected,
            "\(pattern.debugDescription) from \(from)")
        }
      }
    }
    #expect(whole.firstRange(ofBytes: []) == nil)
    #expect(Data().firstRange(ofBytes: Array("a".utf8)) == nil)
  }
}
