import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A browser driven over its DevTools pipe (`--remote-debugging-pipe`): commands go to its
/// descriptor 3 and answers come from its descriptor 4, each message JSON ended by a NUL.
///
/// One browser serves every page of a test run: starting Chromium cost about 1.3 CPU-seconds
/// each time, a sixth of the browser's share of the suite.
final class DevToolsPipe: Sendable {
  /// What went wrong on the pipe.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private struct State {
    var nextID = 1
    /// Commands sent, by id, waiting for their answers; answers come before they are asked
    /// for wait here.
    var answers: [Int: CheckedContinuation<Data, any Error>] = [:]
    var early: [Int: Data] = [:]
    /// Sessions whose virtual time budget has run out, and those waiting for it.
    var expired: Set<String> = []
    var waiting: [String: CheckedContinuation<Void, any Error>] = [:]
    /// Why the pipe can take no more commands, once it cannot.
    var closed: String?
  }

  let child: Subprocess
  /// The end this process writes commands to.
  private let commands: Int32
  private let state = Mutex(State())
  /// Whole messages only: a long one is more than one `write`.
  private let writing = Mutex(())

  /// Starts `executable` with the pipe as its descriptors 3 and 4.
  init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    var toBrowser: [Int32] = [0, 0]
    var fromBrowser: [Int32] = [0, 0]
    guard pipe(&toBrowser) == 0 else { throw POSIXError(.EMFILE) }
    guard pipe(&fromBrowser) == 0 else {
      toBrowser.forEach { Glibc.close($0) }
      throw POSIXError(.EMFILE)
    }
    // Not for the other children the tests start.
    for end in toBrowser + fromBrowser { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    do {
      child = try Subprocess(
        executable, arguments, environment: environment, out: .file("/dev/null"),
        err: .file("/dev/null"), handing: [toBrowser[0], fromBrowser[1]])
    } catch {
      (toBrowser + fromBrowser).forEach { Glibc.close($0) }
      throw error
    }
    Glibc.close(toBrowser[0])
    Glibc.close(fromBrowser[1])
    commands = toBrowser[1]
    let answers = fromBrowser[0]
    Thread { self.read(answers) }.start()
  }

  /// Sends `method` (to the page of `session`, when given) and waits for its result.
  func call(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil)
    async throws -> [String: Any]
  {
    try await answer(to: post(method, parameters, session: session))
  }

  /// Sends `method` without waiting: its id, for ``answer(to:)``. A command whose answer
  /// waits for the next (a virtual time policy deferred until the page navigates) is posted.
  func post(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil) throws
    -> Int
  {
    let id = try state.withLock { state in
      if let closed = state.closed { throw Failure(description: closed) }
      defer { state.nextID += 1 }
      return state.nextID
    }
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if let session { message["sessionId"] = session }
    guard send(try JSONSerialization.data(withJSONObject: message)) else {
      fail(Failure(description: "the browser's pipe is closed"))
      throw Failure(description: "the browser's pipe is closed")
    }
    return id
  }

  /// The result of the command posted as `id`, once the browser answers.
  func answer(to id: Int) async throws -> [String: Any] {
    let data = try await withCheckedThrowingContinuation { continuation in
      let now = state.withLock { state -> Result<Data, Failure>? in
        if let data = state.early.removeValue(forKey: id) { return .success(data) }
        if let closed = state.closed { return .failure(Failure(description: closed)) }
        state.answers[id] = continuation
        return nil
      }
      if let now { return continuation.resume(with: now) }
      giveUp(after: .seconds(60), "no answer to command \(id)") {
        $0.answers.removeValue(forKey: id)
      }
    }
    let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    if let error = answer["error"] as? [String: Any] {
      throw Failure(description: "\(error["message"] ?? error)")
    }
    return answer["result"] as? [String: Any] ?? [:]
  }

  /// Waits until the virtual time budget of `session`'s page has run out.
  func budgetExpired(session: String) async throws {
    try await withCheckedThrowingContinuation { continuation in
      let now = state.withLock { state -> Result<Void, Failure>? in
        if state.expired.remove(session) != nil { return .success(()) }
        if let closed = state.closed { return .failure(Failure(description: closed)) }
        state.waiting[session] = continuation
        return nil
      }
      if let now { return continuation.resume(with: now) }
      giveUp(after: .seconds(300), "the page's virtual time never ran out") {
        $0.waiting.removeValue(forKey: session)
      }
    }
  }

  /// Fails a wait still open after `bound`: a browser that hangs fails its test, not the run
  /// (the pages wait their turns behind it).
  private func giveUp<Value>(
    after bound: Duration, _ why: String,
    taking wait: @escaping @Sendable (inout State) -> CheckedContinuation<Value, any Error>?
  ) {
    Task {
      try? await Task.sleep(for: bound)
      let waiting = self.state.withLock { state in wait(&state) }
      waiting?.resume(throwing: Failure(description: why))
    }
  }

  /// Closes the pipe: the browser exits when it reads its end.
  func close() { Glibc.close(commands) }

  private func send(_ bytes: Data) -> Bool {
    writing.withLock { _ in
      var whole = [UInt8](bytes)
      whole.append(0)
      var sent = 0
      while sent < whole.count {
        let written = whole[sent...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        sent += written
      }
      return true
    }
  }

  /// Fails every command and wait still open, and any after.
  private func fail(_ failure: Failure) {
    let (answers, waiting) = state.withLock { state in
      if state.closed == nil { state.closed = failure.description }
      defer { (state.answers, state.waiting) = ([:], [:]) }
      return (Array(state.answers.values), Array(state.waiting.values))
    }
    answers.forEach { $0.resume(throwing: failure) }
    waiting.forEach { $0.resume(throwing: failure) }
  }

  /// Reads the browser's messages until its end of the pipe closes, handing each answer to
  /// its command and each expired budget to its waiter.
  private func read(_ descriptor: Int32) {
    defer { Glibc.close(descriptor) }
    var pending = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      pending += chunk[0..<count]
      while let end = pending.firstIndex(of: 0) {
        deliver(Data(pending[..<end]))
        pending.removeSubrange(...end)
      }
    }
    fail(Failure(description: "the browser closed its pipe"))
  }

  private func deliver(_ message: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any] else {
      return
    }
    if let id = object["id"] as? Int {
      let waiter = state.withLock { state in
        guard let waiter = state.answers.removeValue(forKey: id) else {
          state.early[id] = message
          return CheckedContinuation<Data, any Error>?.none
        }
        return waiter
      }
      waiter?.resume(returning: message)
    } else if object["method"] as? String == "Emulation.virtualTimeBudgetExpired",
      let session = object["sessionId"] as? String
    {
      let waiter = state.withLock { state in
        guard let waiter = state.waiting.removeValue(forKey: session) else {
          state.expired.insert(session)
          return CheckedContinuation<Void, any Error>?.none
        }
        return waiter
      }
      waiter?.resume()
    }
  }
}
