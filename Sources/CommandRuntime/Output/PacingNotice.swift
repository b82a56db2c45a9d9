import Synchronization

/// Says that requests wait for a server's rate limit: on the status line of a terminal, and in
/// a pipe or under cron as a line at most every half minute, so a long wait is never silent
/// and a long paced run does not print a line per request.
package final class PacingNotice: Sendable {
  /// The least time between two lines in a pipe.
  package static let interval: Duration = .seconds(30)
  private let lastSaid = Mutex<ContinuousClock.Instant?>(nil)

  /// Tells of a wait of `seconds` for the limit of `host`.
  package func tell(seconds: Double, limit: String, host: String, console: Console) {
    let line = "waiting \(Int(seconds.rounded(.up))) s for \(host)'s rate limit (\(limit))"
    if console.style.liveProgress {
      console.status(line)
      return
    }
    let now = ContinuousClock.now
    let due = lastSaid.withLock { last -> Bool in
      guard last.map({ now - $0 >= Self.interval }) ?? true else { return false }
      last = now
      return true
    }
    if due { console.diagnostic("note: " + line) }
  }
}
