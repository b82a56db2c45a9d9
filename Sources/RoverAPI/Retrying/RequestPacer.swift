import PlainText
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps one client under its server's rate limit, so that a long run slows down instead of
/// being refused (429) until it gives up.
///
/// The limit comes from the answers: a server that says how many requests are left
/// (`RateLimit-Remaining` or `X-RateLimit-Remaining…`, with `…-Reset`) is given no more than
/// that before the reset, spread evenly; a server that says nothing is learned from its first
/// 429: the requests it took since the run began, over the time from the first of them to the
/// end of its `Retry-After`, is the pace from then on. Until a server says or refuses anything,
/// requests go as fast as the caller sends them.
public final class RequestPacer: Sendable {
  private struct State {
    /// The earliest moment the next request may go, on the sleeper's clock.
    var nextSend: Double?
    /// The seconds between two requests, once a limit is known.
    var spacing: Double?
    /// What the spacing was learned from, for the progress line.
    var limit: String?
    /// Whether the spacing was learned from a 429, which later headers do not undo.
    var learnedFromRefusal = false
    /// Answers other than 429 since the pace was last learned, and when the first request of
    /// that stretch went.
    var accepted = 0
    var firstSent: Double?
    /// How many times the pace was learned from a 429: a refusal of a request sent before the
    /// last learning (one of the same burst) teaches nothing new.
    var generation = 0
  }

  /// Answers with this many requests left, or fewer, make the rest go evenly until the reset.
  static let reserve = 8
  /// A margin on every learned pace, so rounding never crosses the limit.
  static let margin = 1.1
  private let state = Mutex(State())

  /// Creates a pacer that knows no limit yet.
  public init() {}

  /// How long a request just asked for must wait, and the limit that makes it wait.
  public struct Wait: Sendable, Hashable {
    /// The wait, in seconds.
    public var seconds: Double
    /// The limit in words: `100 requests per 60 s`, `3 requests left for 20 s`.
    public var limit: String
  }

  /// Takes the next turn: returns at once while no limit is known, else when the pace allows;
  /// `onWait` hears of a wait before it starts. The wait is the `sleeper`'s, on whose clock
  /// the pace is kept (the client's own, so a refused request that already slept through its
  /// `Retry-After` is not held twice). Cancellation ends the wait. The turn is given back to
  /// ``learn(status:headers:retryAfter:turn:sleeper:)`` with the answer.
  func turn(sleeper: any Sleeper, onWait: (Wait) -> Void = { _ in }) async throws -> Int {
    let now = sleeper.now
    let (slot, limit, generation) = state.withLock { state -> (Double, String?, Int) in
      let slot = max(now, state.nextSend ?? now)
      if let spacing = state.spacing { state.nextSend = slot + spacing }
      if state.firstSent == nil { state.firstSent = slot }
      return (slot, state.limit, state.generation)
    }
    guard slot > now else { return generation }
    onWait(Wait(seconds: slot - now, limit: limit ?? "the server's limit"))
    try await sleeper.sleep(seconds: slot - now)
    return generation
  }

  /// Learns what an answer says of the limit: its rate-limit headers, or a 429.
  func learn(
    status: Int, headers: [String: String], retryAfter: Double?, turn: Int, sleeper: any Sleeper
  ) {
    let now = sleeper.now
    let remaining = Self.number(
      in: headers, names: ["ratelimit-remaining", "x-ratelimit-remaining"])
    let reset = Self.number(in: headers, names: ["ratelimit-reset", "x-ratelimit-reset"]).map {
      // Some servers send the moment of the reset in seconds since 1970, not a wait.
      $0 > 1_000_000_000 ? max(0, $0 - Date().timeIntervalSince1970) : $0
    }
    state.withLock { state in
      if status != 429 { state.accepted += 1 }
      if status == 429 {
        let wait = min(retryAfter ?? reset ?? 60, 3600)
        // The rest of a burst already on its way when the pace was learned: it only waits.
        guard turn == state.generation else {
          state.nextSend = max(state.nextSend ?? now, now + wait)
          return
        }
        let elapsed = state.firstSent.map { now - $0 } ?? 0
        let taken = max(1, state.accepted)
        var spacing = (elapsed + wait) / Double(taken) * Self.margin
        // Refused while already pacing: the pace was too fast.
        if let old = state.spacing { spacing = max(spacing, old * 1.5) }
        state.spacing = min(spacing, 3600)
        state.limit = "about \(taken) requests per \(Int((elapsed + wait).rounded(.up))) s"
        state.nextSend = max(state.nextSend ?? now, now + wait)
        state.learnedFromRefusal = true
        state.generation += 1
        state.accepted = 0
        state.firstSent = nil
      } else if let remaining, let reset, remaining <= Double(Self.reserve) {
        let left = Int(max(0, remaining))
        let spacing = reset / Double(max(1, left)) * Self.margin
        state.spacing = min(spacing, 3600)
        state.limit = "\(left) requests left for \(Int(reset.rounded(.up))) s"
        if left == 0 {
          state.nextSend = max(state.nextSend ?? now, now + min(reset, 3600))
        }
      } else if remaining != nil, !state.learnedFromRefusal {
        // Plenty left: a pace set by earlier headers no longer applies.
        state.spacing = nil
      }
    }
  }

  /// The smallest value among headers whose names start with one of `names` (a server may send
  /// several windows: `X-RateLimit-Remaining-Minute`, `-Hour`).
  private static func number(in headers: [String: String], names: [String]) -> Double? {
    var smallest: Double?
    for (key, value) in headers {
      // Every such name starts with `r` or `x`: the other fields are passed over as they are.
      guard let first = key.utf8.first,
        first | 0x20 == UInt8(ascii: "r") || first | 0x20 == UInt8(ascii: "x")
      else { continue }
      let key = key.lowercased()
      guard names.contains(where: { key.hasPrefix($0) }),
        let number = Double(
          value.split(separator: ",").first.map(String.init)?
            .trimmingSpaces() ?? ""),
        number.isFinite
      else { continue }
      smallest = min(smallest ?? number, number)
    }
    return smallest
  }
}
