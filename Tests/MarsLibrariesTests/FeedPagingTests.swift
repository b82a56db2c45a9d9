import Synchronization
import Testing

@testable import MarsFetching
@testable import MarsMirror

/// A feed's numbers are claims: paging follows what the pages bear out.
@Suite(.timeLimit(.minutes(3))) struct FeedPagingTests {
  /// A feed whose pages hold `records` 200 at a time, saying `claimed` and, if `more`, whether
  /// another page follows; `repeating` answers every page with the first.
  func paging(records: Int, claimed: Int?, more: Bool, repeating: Bool = false)
    -> (FeedPaging<Int>, Counter)
  {
    let counter = Counter()
    let paging = FeedPaging<Int>(
      fetch: { page in
        counter.add()
        let start = repeating ? 0 : page * 200
        let ids = start < records ? Array(start..<min(records, start + 200)) : []
        return .init(
          records: ids, received: ids.count, claimed: claimed, perPage: 200,
          more: more ? start + 200 < records : nil)
      }, identity: { String($0) }, limit: 4)
    return (paging, counter)
  }

  @Test func aTotalThatClaimsTooFewIsPagedPastWhileTheFeedSaysMore() async throws {
    let (paging, counter) = paging(records: 450, claimed: 5, more: true)
    let (records, disagreement) = try await paging.collect()
    #expect(records == Array(0..<450))
    #expect(disagreement == CountDisagreement(claimed: 5, listed: 450))
    #expect(counter.count == 3)
  }

  @Test func aTotalThatClaimsTooFewIsPagedPastWhileTheLastPageIsFull() async throws {
    let (paging, _) = paging(records: 450, claimed: 5, more: false)
    let (records, disagreement) = try await paging.collect()
    #expect(records.count == 450)
    #expect(disagreement?.listed == 450)
  }

  @Test func anHonestTotalCostsNoExtraRequest() async throws {
    let (paging, counter) = paging(records: 400, claimed: 400, more: false)
    let (records, disagreement) = try await paging.collect()
    #expect(records.count == 400)
    #expect(disagreement == nil)
    #expect(counter.count == 2)
  }

  @Test func pagesThatRepeatThemselvesEndThePaging() async throws {
    let (paging, counter) = paging(records: 200, claimed: 450, more: true, repeating: true)
    let (records, disagreement) = try await paging.collect()
    #expect(records == Array(0..<200))
    #expect(disagreement != nil)
    // The three pages the total announces, then one more that adds nothing.
    #expect(counter.count <= 4)
  }

  @Test func aTotalOfMillionsOfPagesIsBounded() async throws {
    let (paging, counter) = paging(records: 10, claimed: Int.max, more: false)
    let (records, _) = try await paging.collect()
    #expect(records.count == 10)
    #expect(counter.count <= FeedPaging<Int>.maxPages)
  }
}

/// Counts calls from many tasks.
final class Counter: Sendable {
  private let value = Mutex(0)
  var count: Int { value.withLock { $0 } }
  func add() { value.withLock { $0 += 1 } }
}
