import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// NASA's host as an extra: the one place that asks it for what only adds to an answer the API
/// gives (the missions nobody named, the traverse maps behind places, sync's late-downlink
/// check and its catch-up), so that no command waits on it, retries it or fails for it.
///
/// Every extra:
/// - starts beside the main work, never before it (the commands start it with `async let` or in
///   the main work's own task group);
/// - gets one try: a refused connection or a name that does not resolve says all there is to
///   say, and a retry's back-off would not fit in the time it has;
/// - is cut off ``ExtraWindow/grace`` seconds after the main work has ended
///   (``FeedsTooSlow``), so it never adds more than that to a run.
///
/// `sync` hands ``feeds`` and ``window`` to ``PhotoSync``, whose one task group runs the check
/// and the lists it adds beside the downloads, within the same window.
///
/// Where the extra is the thing asked for (`where`, `--near`, `--source nasa`), the commands ask
/// the feeds directly, with the usual timeout and retries: its failure is theirs.
public struct NASAExtras: Sendable {
  /// The feeds, as the extras ask them: one try each.
  public let feeds: FeedArchive
  /// The clock the extras keep to.
  public let window: ExtraWindow

  /// Extras asked of `feeds`'s host, with one try each, within `window`.
  public init(feeds: FeedArchive, window: ExtraWindow = ExtraWindow()) {
    var once = feeds
    once.client.retryPolicy = .never
    self.feeds = once
    self.window = window
  }

  /// The same extras within another window: for work whose own main part is another.
  public func within(_ window: ExtraWindow) -> NASAExtras {
    NASAExtras(feeds: feeds, window: window)
  }

  /// Runs the main work beside which the extras go on; they have the grace once it ends.
  public func main<T>(_ body: () async throws -> T) async rethrows -> T {
    try await window.main(body)
  }

  /// Runs an extra against the feeds: its value, ``FeedsTooSlow`` when the window closed
  /// first, or what its one try met.
  public func run<T: Sendable>(_ body: @escaping @Sendable (FeedArchive) async throws -> T)
    async throws -> T
  {
    let feeds = self.feeds
    return try await window.run { try await body(feeds) }
  }

  /// Each mission only the feeds have, with its own outcome.
  public func missions() async throws -> [RoverOutcome<Rover>] {
    try await fetchEachRover(FeedRover.feedsOnly.map(\.name)) { name in
      try await run { try await $0.fetchRover(name) }
    }
  }

  /// The traverses of those of `rovers` NASA publishes one for, each with its own outcome.
  public func traverses(rovers: [String]) async throws -> [RoverOutcome<Traverse>] {
    try await fetchEachRover(rovers.filter { FeedRover.named($0)?.traverse != nil }) { name in
      try await traverse(rover: name)
    }
  }

  /// The rover's traverse: a map kept within the day without asking; otherwise a fresh one,
  /// resumed where a download cut off before stopped; and when that does not come in time,
  /// the map kept last, whatever its age. ``ArchiveError/noTraverse(_:)`` for a rover NASA
  /// publishes none for.
  public func traverse(rover name: String) async throws -> Traverse {
    do {
      return try await run { try await $0.fetchTraverse(rover: name) }
    } catch {
      try Task.checkCancellation()
      // A map that came and does not decode is said; one that did not come is made up for.
      if case APIError.undecodable? = error as? APIError { throw error }
      guard let kept = feeds.keptTraverse(rover: name) else { throw error }
      return kept
    }
  }
}
