// All of Foundation: URLSession is in it (or in FoundationNetworking, which brings it).
import Foundation
import RoverAPI
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: `URLSession`, writing nothing to disk (no URL cache, no cookies, no
/// credentials), with bodies handed over piece by piece as they arrive so none is ever held
/// whole unless the request wants it in memory.
///
/// Cancelling the calling task ends the call at once and cancels the transfer itself, so an
/// interrupted command or a timed-out attempt never waits for a server that keeps sending.
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let transfers: TransferDelegate

  /// Creates a transport allowing `maxConnectionsPerHost` requests in flight to one server.
  public init(maxConnectionsPerHost: Int = 16) {
    // No URL cache, no cookies, no credentials, and no folders made for them.
    let configuration = SessionStorage.configuration()
    configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
    let transfers = TransferDelegate()
    self.transfers = transfers
    session = URLSession(
      configuration: configuration, delegate: transfers, delegateQueue: DeliveryQueue())
  }

  /// Invalidates the session once its transfers end: a session keeps its delegate, and its
  /// connections, until then.
  public func finish() { session.finishTasksAndInvalidate() }

  /// Sends the request with `URLSession`, receiving the body through a ``BodyReceiver``.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try Task.checkCancellation()
    try TransferFailure.refuseUnfetchable(request.url)
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    // The client races its own timer against each attempt; this is only a backstop.
    urlRequest.timeoutInterval = request.timeout + 5
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let transfer = Transfer(request: request)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: urlRequest)
        transfers.register(transfer, for: task.taskIdentifier)
        transfer.start(task, continuation: continuation)
      }
    } onCancel: {
      transfer.finish(.failure(CancellationError()))
    }
  }
}

/// The session's delegate: routes each callback to the transfer of its task.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let table = Mutex<[Int: Transfer]>([:])

  func register(_ transfer: Transfer, for task: Int) {
    table.withLock { $0[task] = transfer }
  }

  private func transfer(_ task: URLSessionTask) -> Transfer? {
    table.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let carryOn = transfer(dataTask)?.begin(response) ?? false
    completionHandler(carryOn ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    transfer(dataTask)?.receive(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let transfer = table.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    transfer?.complete(error)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    let guarded = RedirectGuard.guarded(request, from: task.originalRequest?.url)
    transfer(task)?.redirected(to: guarded.url)
    completionHandler(guarded)
  }
}
