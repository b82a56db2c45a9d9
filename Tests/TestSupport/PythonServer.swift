import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One Python for the run that has imported what the checks use (OpenCV, NumPy, sqlite3, zlib)
/// and forks a child for each check: a run's sixty-odd checks each started an interpreter of
/// their own, and each of those that read a picture with OpenCV imported it again, a third of
/// a second every time.
///
/// A check runs as `python3 ARGUMENTS` would: `-c CODE` or a script's path, then its
/// arguments, its output written to files (as ``ReferenceTool`` has them), its exit status
/// returned. The server reads one request a line and answers `ID STATUS` when the child ends,
/// so checks of tests running at once run at once. It ends when the test process does: its
/// requests' pipe closes.
final class PythonServer: Sendable {
  /// The run's server, started by the first check; `nil` where Python could not be started,
  /// when the checks start interpreters of their own.
  static let shared: PythonServer? = try? PythonServer(ReferenceTool.python)

  /// What the server runs: imports first, then a child per request.
  static let code = """
    import json, os, runpy, sys, threading, traceback
    for name in ('cv2', 'numpy', 'sqlite3', 'zlib', 'struct'):
        try:
            __import__(name)
        except Exception:
            pass
    replies = os.fdopen(os.dup(1), 'w')
    lock = threading.Lock()
    def check(job):
        null = os.open(os.devnull, os.O_RDONLY)
        out = os.open(job['out'], os.O_WRONLY | os.O_TRUNC)
        err = os.open(job['err'], os.O_WRONLY | os.O_TRUNC)
        os.dup2(null, 0); os.dup2(out, 1); os.dup2(err, 2)
        sys.stdin = open(os.devnull)
        arguments = job['arguments']
        code = 0
        try:
            if arguments[0] == '-c':
                sys.argv = ['-c'] + arguments[2:]
                exec(compile(arguments[1], '<string>', 'exec'), {'__name__': '__main__'})
            else:
                sys.argv = list(arguments)
                runpy.run_path(arguments[0], run_name='__main__')
        except SystemExit as exit:
            # As the interpreter exits: None is 0, a number itself, anything else printed, 1.
            if exit.code is None:
                code = 0
            elif isinstance(exit.code, int):
                code = exit.code
            else:
                print(exit.code, file=sys.stderr)
                code = 1
        except BaseException:
            traceback.print_exc()
            code = 1
        sys.stdout.flush(); sys.stderr.flush()
        os._exit(code)
    def answer(ident, pid):
        _, status = os.waitpid(pid, 0)
        with lock:
            replies.write('%d %d\\n' % (ident, os.waitstatus_to_exitcode(status)))
            replies.flush()
    for line in sys.stdin:
        job = json.loads(line)
        pid = os.fork()
        if pid == 0:
            check(job)
        threading.Thread(target=answer, args=(job['id'], pid), daemon=True).start()
    """

  private struct State {
    var nextID = 1
    /// Statuses by request, set when the child ends; none when the server went away.
    var answers: [Int: Int32] = [:]
    var waiting: [Int: DispatchSemaphore] = [:]
    var gone = false
  }

  private let process: Process
  private let requests: FileHandle
  private let state = Mutex(State())
  /// Whole lines only: checks of several tests ask at once.
  private let writing = Mutex(())

  private init(_ python: String) throws {
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw CocoaError(.executableNotLoadable)
    }
    let (toServer, fromServer) = (Pipe(), Pipe())
    // Not for the other children the tests start: a copy of the requests' end would keep
    // the server waiting after the test process is gone.
    for handle in [toServer.fileHandleForWriting, fromServer.fileHandleForReading] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", Self.code]
    process.standardInput = toServer
    process.standardOutput = fromServer
    process.standardError = FileHandle.nullDevice
    try process.run()
    requests = toServer.fileHandleForWriting
    try? toServer.fileHandleForReading.close()
    try? fromServer.fileHandleForWriting.close()
    let replies = fromServer.fileHandleForReading
    Thread { [self] in readReplies(replies) }.start()
    atexit { PythonServer.shared?.stop() }
  }

  /// The exit status of `python3 arguments` with its output in `stdout` and `stderr`, or `nil`
  /// when the server could not run it.
  func run(_ arguments: [String], stdout: URL, stderr: URL) -> Int32? {
    let semaphore = DispatchSemaphore(value: 0)
    let id: Int? = state.withLock { state in
      guard !state.gone else { return nil }
      defer { state.nextID += 1 }
      state.waiting[state.nextID] = semaphore
      return state.nextID
    }
    guard let id else { return nil }
    let request: [String: Any] = [
      "id": id, "arguments": arguments, "out": stdout.path, "err": stderr.path,
    ]
    guard let line = try? JSONSerialization.data(withJSONObject: request),
      (try? writing.withLock { _ in try requests.write(contentsOf: line + Data([10])) }) != nil
    else {
      state.withLock { $0.waiting[id] = nil }
      return nil
    }
    semaphore.wait()
    return state.withLock { $0.answers.removeValue(forKey: id) }
  }

  /// Hands each `ID STATUS` line to its waiter; when the server goes, every waiter is told.
  private func readReplies(_ replies: FileHandle) {
    var pending = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    // read(2) itself: FileHandle's read(upToCount:) waits for the whole count.
    while true {
      let count = buffer.withUnsafeMutableBytes {
        read(replies.fileDescriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending.append(contentsOf: buffer[0..<count])
      while let end = pending.firstIndex(of: 10) {
        let fields = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
          .split(separator: " ").compactMap { Int($0) }
        pending.removeSubrange(pending.startIndex...end)
        guard fields.count == 2 else { continue }
        state.withLock { state in
          state.answers[fields[0]] = Int32(truncatingIfNeeded: fields[1])
          state.waiting.removeValue(forKey: fields[0])?.signal()
        }
      }
    }
    state.withLock { state in
      state.gone = true
      state.waiting.values.forEach { $0.signal() }
      state.waiting = [:]
    }
  }

  /// Closes the requests' pipe, which ends the server, and waits for it.
  private func stop() {
    try? requests.close()
    process.waitUntilExit()
  }
}
