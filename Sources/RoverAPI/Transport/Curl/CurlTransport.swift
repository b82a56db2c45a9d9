#if canImport(LibCurl)
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  /// The live transport on Linux: libcurl's multi interface driven directly, one event loop
  /// for every transfer of a run, with connection reuse and HTTP/2 multiplexing, and each
  /// body handed to its writer as it arrives, on the loop's thread.
  ///
  /// URLSession on Linux is built on the same libcurl but hands every piece of every body
  /// between libcurl's thread and its delegate queue; for thousands of small images that
  /// hand-over cost most of the CPU time. This transport keeps what URLSession gave: bodies
  /// bounded or streamed through ``BodyReceiver``, redirects followed through
  /// ``RedirectGuard`` (never with the key to another server), nothing written to disk (no
  /// cookie jar, no cache), and cancellation that ends the call at once and the transfer with
  /// it.
  public struct CurlTransport: HTTPTransport {
    private let loop: CurlLoop

    /// Creates a transport allowing `maxConnectionsPerHost` transfers to one server at once;
    /// more wait their turn inside it.
    public init(maxConnectionsPerHost: Int = 16) {
      loop = CurlLoop(maxConnectionsPerHost: maxConnectionsPerHost)
    }

    /// The version of the libcurl the process runs on (`7.88.1`); `nil` when it does not say.
    public static var libraryVersion: String? { CurlLibrary.version }

    /// Transfers beyond the limit wait in the loop, their timeouts not yet running: a caller
    /// may hand over the next ones early, to start the moment others end.
    public var connectionsPerHost: Int? { loop.maxConnectionsPerHost }

    /// Sends the request on the loop, receiving the body through a ``BodyReceiver``.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
      try Task.checkCancellation()
      try TransferFailure.refuseUnfetchable(request.url)
      let transfer = CurlTransfer(request: request)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          if transfer.start(continuation) { loop.start(transfer) }
        }
      } onCancel: {
        transfer.finish(.failure(CancellationError()))
        loop.stop(transfer)
      }
    }

    /// The loop's thread: a task that runs there is resumed by its transfer's end in the same
    /// turn of the loop, as `curl` goes on to its next transfer, with no thread woken for it.
    public var taskExecutor: (any TaskExecutor)? { loop.isRunnable ? loop : nil }

    /// Lets the loop's thread go once its transfers end.
    public func finish() { loop.finish() }

    /// libcurl ends a transfer past its timeout itself, on the loop's own timers: no timer
    /// task per request.
    public var keepsTimeouts: Bool { true }
  }
#endif
