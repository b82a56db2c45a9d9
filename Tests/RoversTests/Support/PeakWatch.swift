import Foundation

/// Samples a child's `VmHWM` (its resident high-water mark since it started its program) every
/// 10 ms on a thread of its own, until stopped.
final class PeakWatch: @unchecked Sendable {
  // Unchecked: `peak` and `running` are only touched under `lock`.
  private let lock = NSLock()
  private var peak = 0
  private var running = true
  private let done = DispatchSemaphore(value: 0)

  init(pid: pid_t) {
    let path = "/proc/\(pid)/status"
    Thread { [self] in
      while lock.withLock({ running }) {
        if let kilobytes = Self.highWaterMark(path) {
          lock.withLock { peak = max(peak, kilobytes * 1024) }
        }
        usleep(10_000)
      }
      done.signal()
    }.start()
  }

  /// Stops sampling; the largest mark seen, in bytes.
  func stop() -> Int {
    lock.withLock { running = false }
    done.wait()
    return lock.withLock { peak }
  }

  /// `VmHWM` in kB, while the process exists.
  private static func highWaterMark(_ path: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
}
