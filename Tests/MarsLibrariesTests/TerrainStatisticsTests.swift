import TestSupport
import Testing

@testable import StereoMatching

/// A terrain's median range and miss, found by selection rather than by sorting: each is the
/// value sorting would put at the middle, whatever the values' order and repeats.
@Suite struct TerrainStatisticsTests {
  @Test(arguments: [1, 2, 3, 10, 1000, 4097])
  func aRankedValueIsTheOneSortingPutsThere(_ count: Int) {
    var generator = SplitMix(seed: UInt64(count))
    // Few distinct values (many repeats), then values of their own, then sorted and reversed.
    let lists: [[Double]] = [
      (0..<count).map { _ in Double(Int.random(in: 0..<5, using: &generator)) },
      (0..<count).map { _ in Double.random(in: -1000...1000, using: &generator) },
      (0..<count).map(Double.init), (0..<count).reversed().map(Double.init),
    ]
    for list in lists {
      let sorted = list.sorted()
      for rank in Set([0, count / 2, count - 1, count / 3]) {
        var values = list
        #expect(
          StereoTerrain.value(ranked: rank, in: &values) == sorted[rank], "rank \(rank) of \(count)"
        )
      }
    }
  }
}
