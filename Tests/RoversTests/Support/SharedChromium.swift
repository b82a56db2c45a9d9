import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The run's one headless Chromium, started by the first page a test opens and closed when
/// the test process exits, its profile folder with it.
enum SharedChromium {
  /// The browser's pipe, or why it could not start.
  static let pipe: Result<DevToolsPipe, any Error> = Result {
    guard let path = Chromium.path else { throw CocoaError(.executableNotLoadable) }
    let folder = try TemporaryFolder("chromium")
    let pipe = try DevToolsPipe(
      path, Chromium.flags(profile: folder.url) + ["--remote-debugging-pipe", "about:blank"],
      environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path])
    running.withLock { $0 = (pipe, folder) }
    atexit { SharedChromium.close() }
    return pipe
  }

  /// The pages, opened one at a time.
  static let pages = TakingTurns()

  /// The browser while it runs, and its folder.
  private static let running = Mutex<(pipe: DevToolsPipe, folder: TemporaryFolder)?>(nil)

  /// Closes the pipe, which ends the browser, waits for it (a few seconds at most) and
  /// removes its folder: nothing of it is left when the tests are done.
  static func close() {
    guard
      let (pipe, folder) = running.withLock({ running in
        defer { running = nil }
        return running
      })
    else { return }
    pipe.close()
    for _ in 0..<100 where !pipe.child.hasEnded { usleep(50_000) }
    if !pipe.child.hasEnded { pipe.child.signal(SIGKILL) }
    pipe.child.waitBlocking()
    try? FileManager.default.removeItem(at: folder.url)
  }
}
