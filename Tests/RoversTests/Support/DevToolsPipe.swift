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
    /// Messages waited for, by what they are (``Arrival``): those come before their waiter,
    /// and the waiters still without theirs.
    var arrived: [Arrival: Data] = [:]
    var waiting: [Arrival: CheckedContinuation<Data, any Error>] = [:]
    /// Why the pipe can take no more commands, once it cannot.
    var closed: String?
  }

  /// A message a caller waits for.
  private enum Arrival: Hashable {
    /// The answer to the command of this id.
    case answer(Int)
    /// The end of the virtual time budget of this session's page.
    case budgetExpired(String)
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
    let data = try await arrival(.answer(id), within: .seconds(60), "no answer to \(method)")
    let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    if let error = answer["error"] as? [String: Any] {
      throw Failure(description: "\(method): \(error["message"] ?? error)")
    }
    return answer["result"] as? [String: Any] ?? [:]
  }

  /// Waits until the virtual time budget of `session`'s page has run out.
  func budgetExpired(session: String) async throws {
    _ = try await arrival(
      .budgetExpired(session), within: .seconds(300), "the page's virtual time never ran out")
  }

  /// The message `awaited`, once it comes (it may have come already). One still missing after
  /// `bound` fails its wait: a browser that hangs fails its test, not the run (the pages wait
  /// their turns behind it).
  private func arrival(_ awaited: Arrival, within bound: Duration, _ why: String) async throws
    -> Data
  {
    try await withCheckedThrowingContinuation { continuation in
      let now = state.withLock { state -> Result<Data, Failure>? in
        if let data = state.arrived.removeValue(forKey: awaited) { return .success(data) }
        if let closed = state.closed { return .failure(Failure(description: closed)) }
        state.waiting[awaited] = continuation
        return nil
      }
      if let now { return continuation.resume(with: now) }
      Task {
        try? await Task.sleep(for: bound)
        let late = self.state.withLock { $0.waiting.removeValue(forKey: awaited) }
        late?.resume(throwing: Failure(description: why))
      }
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

  /// Fails every wait still open, and any after.
  private func fail(_ failure: Failure) {
    let waiting = state.withLock { state in
      if state.closed == nil { state.closed = failure.description }
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
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

  /// Hands a message to its waiter, or keeps it for the waiter to come; other events are
  /// dropped.
  private func deliver(_ message: Data) {
    guard let object = try? JSONSerialization.jsonObject(with: message) as? [String: Any] else {
      return
    }
    let arrival: Arrival
    if let id = object["id"] as? Int {
      arrival = .answer(id)
    } else if object["method"] as? String == "Emulation.virtualTimeBudgetExpired",
      let session = object["sessionId"] as? String
    {
      arrival = .budgetExpired(session)
    } else {
      return
    }
    let waiter = state.withLock { state in
      guard let waiter = state.waiting.removeValue(forKey: arrival) else {
        state.arrived[arrival] = message
        return CheckedContinuation<Data, any Error>?.none
      }
      return waiter
    }
    waiter?.resume(returning: message)
  }
}
