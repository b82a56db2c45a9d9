import Foundation
import Synchronization

/// Counts the requests in flight and appends one line per request to a log file, so tests can
/// see what a client asked for and how many requests overlapped.
final class RequestLog: Sendable {
  private let file: Mutex<FileHandle?>
  private let inFlight = Mutex(0)

  init(path: String?) throws {
    guard let path else {
      file = Mutex(nil)
      return
    }
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    handle.seekToEndOfFile()
    file = Mutex(handle)
  }

  /// Notes a request's arrival:
  /// `<requests in flight, this one included>\t<target>\t<key>\t<User-Agent>\t<Accept-Encoding>`.
  func begin(_ request: RequestHead) {
    let count = inFlight.withLock { count in
      count += 1
      return count
    }
    let key = request.headers["x-api-key"] ?? "-"
    let agent = request.headers["user-agent"] ?? "-"
    let encodings = request.headers["accept-encoding"] ?? "-"
    let line = "\(count)\t\(request.target)\t\(key)\t\(agent)\t\(encodings)\n"
    // write(contentsOf:) reports a failure; write(_:) would trap inside Foundation.
    file.withLock { try? $0?.write(contentsOf: Data(line.utf8)) }
  }

  /// Notes that a request's answer has been written.
  func end() {
    inFlight.withLock { $0 -= 1 }
  }
}
