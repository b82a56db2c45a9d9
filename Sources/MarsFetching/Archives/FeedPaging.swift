import RoverAPI

/// Collects every page of one feed listing, trusting the feed's numbers only as far as the
/// pages bear them out.
///
/// The first page says how many records there are; the pages that count announces are fetched
/// together. Then, while the last page says `more` (MSL) or was full although the count is not
/// reached (Mars 2020), the next page is fetched, one at a time, until a page is empty or adds
/// no record not seen before (a feed that ignores `page` repeats itself), or ``maxPages``.
struct FeedPaging<Record: Sendable>: Sendable {
  /// One page as the pager needs it.
  struct Page: Sendable {
    var records: [Record]
    /// Records the page held, unreadable ones included.
    var received: Int
    /// The feed's count of the whole listing.
    var claimed: Int?
    /// The page size the feed uses.
    var perPage: Int
    /// Whether the feed says another page follows; `nil` when it does not say.
    var more: Bool?
  }

  /// The most pages one sol may have: a feed claiming more is sending nonsense.
  static var maxPages: Int { 1000 }

  /// Fetches page `n` (from 0).
  var fetch: @Sendable (Int) async throws -> Page
  /// A record's identity, to see a page that adds nothing.
  var identity: @Sendable (Record) -> String
  /// The most pages in flight.
  var limit: Int

  /// Every record of the listing, once each, and the disagreement of the feed's count with
  /// what its pages held.
  func collect() async throws -> (records: [Record], disagreement: CountDisagreement?) {
    let first = try await fetch(0)
    let perPage = max(1, first.perPage)
    // Divided before rounding up: a total of Int.max must not overflow.
    let announced = min(
      Self.maxPages,
      first.claimed.map { max(1, $0 / perPage + ($0 % perPage > 0 ? 1 : 0)) } ?? 1)
    let rest = try await Array(1..<max(1, announced)).concurrentMap(limit: limit) {
      try await fetch($0)
    }
    var seen = Set<String>()
    var records: [Record] = []
    var received = 0
    var last = first
    /// Adds a page; whether it brought any record not seen before.
    func add(_ body: Page) -> Bool {
      received += body.received
      var added = false
      for record in body.records where seen.insert(identity(record)).inserted {
        records.append(record)
        added = true
      }
      return added
    }
    var progressed = add(first)
    for body in rest {
      progressed = add(body)
      last = body
    }
    var page = announced - 1
    while progressed, page + 1 < Self.maxPages, pagesOn(after: last, received: received, first) {
      page += 1
      last = try await fetch(page)
      progressed = add(last)
    }
    let disagreement = first.claimed.flatMap { claimed in
      claimed == received ? nil : CountDisagreement(claimed: claimed, listed: received)
    }
    return (records, disagreement)
  }

  /// Whether a page follows `last`: the feed says so, or, where it does not say, the last page
  /// was full and the count is not what the pages held.
  private func pagesOn(after last: Page, received: Int, _ first: Page) -> Bool {
    if let more = last.more { return more && last.received > 0 }
    return last.received >= max(1, first.perPage) && first.claimed != received
  }
}
