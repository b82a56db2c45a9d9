// All of Foundation: URLSession is in it (or in FoundationNetworking, which brings it).
import Foundation
import RoverAPI
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request in flight on a `URLSession`: its body as it arrives, and the one caller waiting
/// for it, resumed exactly once by whichever comes first of the end, a failure or cancellation.
///
/// Every step holds the lock, so once the caller has been resumed no more bytes reach its
/// writer: a caller that removes its file after a cancellation never races a late write.
final class Transfer: Sendable {
  private struct State {
    var receiver: BodyReceiver
    var task: URLSessionDataTask?
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    var finished = false
    /// Where the request is now: redirects move it, and errors name the host that failed.
    var url: URL
    /// The answer's `Content-Encoding`, if it had one: a failure to decode it is named.
    var encoding: String?
  }

  private let state: Mutex<State>

  init(request: HTTPRequest) {
    state = Mutex(State(receiver: BodyReceiver(for: request), url: request.url))
  }

  /// Starts the task, unless the call was cancelled before it existed.
  func start(
    _ task: URLSessionDataTask, continuation: CheckedContinuation<HTTPResponse, any Error>
  ) {
    let alreadyOver = state.withLock { state in
      guard !state.finished else { return true }
      state.task = task
      state.continuation = continuation
      return false
    }
    if alreadyOver {
      continuation.resume(throwing: CancellationError())
      Self.cancelLater(task)
    } else {
      task.resume()
    }
  }

  /// The status and headers arrived; returns whether to go on receiving.
  func begin(_ response: URLResponse) -> Bool {
    guard let http = response as? HTTPURLResponse else {
      finish(.failure(TransportError.other("the answer was not HTTP")))
      return false
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    let encoding = headers.first { $0.key.lowercased() == "content-encoding" }?.value
    state.withLock { $0.encoding = encoding }
    return step { try $0.begin(status: http.statusCode, headers: headers) }
  }

  /// A piece of the body arrived.
  func receive(_ data: Data) {
    _ = step { try $0.receive(data) }
  }

  func redirected(to url: URL?) {
    guard let url else { return }
    state.withLock { $0.url = url }
  }

  /// The task ended, well or not.
  func complete(_ error: (any Error)?) {
    if let error {
      let (host, encoding) = state.withLock { (TransferFailure.hostAndPort($0.url), $0.encoding) }
      finish(.failure(TransferFailure.translate(error, host: host, encoding: encoding)))
    } else {
      let response = state.withLock { $0.receiver.response(finalURL: $0.url) }
      finish(.success(response))
    }
  }

  /// Resumes the caller once and cancels the task if it is still running.
  func finish(_ result: Result<HTTPResponse, any Error>) {
    let (continuation, task) = state.withLock {
      state -> (CheckedContinuation<HTTPResponse, any Error>?, URLSessionDataTask?) in
      guard !state.finished else { return (nil, nil) }
      state.finished = true
      defer { state.continuation = nil }
      return (state.continuation, state.task)
    }
    continuation?.resume(with: result)
    if case .failure = result, let task { Self.cancelLater(task) }
  }

  /// Cancels on another queue: `cancel()` waits for libcurl's queue, which may itself be
  /// waiting for the delivery queue this is called on (see ``DeliveryQueue``).
  private static func cancelLater(_ task: URLSessionDataTask) {
    DispatchQueue.global().async { task.cancel() }
  }

  /// Runs one step of receiving under the lock; a step that throws ends the transfer with its
  /// error (a body over its limit, a disk that is full, an answer the writer refuses).
  private func step(_ body: (inout BodyReceiver) throws -> Void) -> Bool {
    let failure: (any Error)? = state.withLock { state in
      guard !state.finished else { return CancellationError() }
      do {
        try body(&state.receiver)
        return nil
      } catch {
        return error
      }
    }
    guard let failure else { return true }
    if !(failure is CancellationError) { finish(.failure(failure)) }
    return false
  }
}
