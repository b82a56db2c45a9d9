import MarsFetching
import MarsMirror
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Counts downloads as they end and shows them: one line redrawn in place on a terminal (at
/// most ten times a second), nothing in a pipe or under cron until the summary line.
package final class DownloadProgress: Sendable {
  package struct Tally {
    package var downloaded = 0
    package var skipped = 0
    package var gone = 0
    package var failed = 0
    package var bytes = 0
    /// How many downloads there will be: known at once for `download`, growing as a sync's
    /// lists arrive.
    package var total: Int?
    package var lastDrawn = ContinuousClock.now - .seconds(1)

    package var done: Int { downloaded + skipped + gone + failed }

    /// A tally of nothing yet, of `total` downloads when known.
    package init(total: Int? = nil) { self.total = total }
  }

  private let tally: Mutex<Tally>
  private let console: Console
  private let live: Bool
  private let quiet: Bool
  private let started = ContinuousClock.now

  package init(total: Int?, console: Console, quiet: Bool) {
    tally = Mutex(Tally(total: total))
    self.console = console
    self.quiet = quiet
    live = console.style.liveProgress && !quiet
  }

  /// Counts one result and redraws the line when it is time.
  @Sendable package func record(_ result: DownloadResult) {
    let line: String? = tally.withLock { tally in
      switch result.status {
      case .downloaded(let bytes):
        tally.downloaded += 1
        tally.bytes += bytes
      case .skipped: tally.skipped += 1
      case .gone: tally.gone += 1
      case .failed: tally.failed += 1
      }
      let now = ContinuousClock.now
      guard live, now - tally.lastDrawn >= .milliseconds(100) else { return nil }
      tally.lastDrawn = now
      let photo = result.download.photo
      return Self.line(tally, elapsed: seconds(now - started))
        + "  \(photo.rover.name) sol \(photo.sol)"
    }
    if let line { console.status(line) }
  }

  /// Adds downloads to the total as a sync learns of them.
  @Sendable package func expect(_ count: Int) {
    tally.withLock { $0.total = ($0.total ?? 0) + count }
  }

  /// `37/49  76%  8.1 MB  2.4 MB/s  0:03 left  0 failed`: the time left assumes the photos
  /// still to come are as large as those so far.
  package static func line(_ tally: Tally, elapsed: Double) -> String {
    let elapsed = max(elapsed, 0.001)
    let rate = Double(tally.bytes) / elapsed
    var parts = [tally.total.map { "\(tally.done)/\($0)" } ?? "\(tally.done) done"]
    if let total = tally.total, total > 0 {
      parts.append("\(min(100, tally.done * 100 / total))%")
    }
    parts.append("\(megabytes(Double(tally.bytes))) MB")
    parts.append("\(megabytes(rate)) MB/s")
    if let total = tally.total, tally.done > 0, total > tally.done {
      let left = Int((elapsed / Double(tally.done) * Double(total - tally.done)).rounded())
      parts.append("\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60) left")
    }
    parts.append("\(tally.failed) failed")
    return parts.joined(separator: "  ")
  }

  /// Whether any download has ended yet.
  package var hasResults: Bool {
    tally.withLock { $0.downloaded + $0.skipped + $0.gone + $0.failed > 0 }
  }

  /// Clears the live line and prints
  /// `downloaded 47, skipped 2, gone 0, failed 0, 8.3 MB in 2.1 s`,
  /// unless quiet; `prefix` such as `interrupted: ` goes before it.
  package func finish(prefix: String = "") {
    let summary = tally.withLock { tally in
      "downloaded \(tally.downloaded), skipped \(tally.skipped), gone \(tally.gone), "
        + "failed \(tally.failed), "
        + "\(Self.megabytes(Double(tally.bytes))) MB in "
        + POSIX.fixed(seconds(ContinuousClock.now - started), places: 1) + " s"
    }
    if live { console.status("") }
    if !quiet { console.diagnostic(prefix + summary) }
  }

  private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func megabytes(_ bytes: Double) -> String {
    POSIX.fixed(bytes / 1_000_000, places: 1)
  }
}

extension DownloadProgress {
  /// Runs the transfers and prints the summary however they end: on Ctrl-C it reads
  /// `interrupted: downloaded 10, …` and the interruption goes on up.
  /// With `quietly`, a run that ends well prints nothing here: the caller decides.
  package func finishing<T>(quietly: Bool = false, _ body: () async throws -> T) async throws -> T {
    do {
      let value = try await body()
      if !quietly { finish() }
      return value
    } catch is CancellationError {
      finish(prefix: "interrupted: ")
      throw CancellationError()
    } catch {
      // A run that failed before any download (another sync holds the lock) has no summary.
      if hasResults { finish() }
      throw error
    }
  }
}
