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

  /// `VmHWM` in kB, while the process exists. Read as bytes: this runs a hundred times a
  /// second for every watched child, in a target built unoptimized.
  private static func highWaterMark(_ path: String) -> Int? {
    guard let status = FileManager.default.contents(atPath: path),
      let label = status.firstRange(of: Data("VmHWM:".utf8))
    else { return nil }
    var kilobytes = 0
    var seen = false
    for byte in status[label.upperBound...] {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        if seen { break }
        continue
      }
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { break }
      kilobytes = kilobytes * 10 + Int(byte - UInt8(ascii: "0"))
      seen = true
    }
    return seen ? kilobytes : nil
  }
}
