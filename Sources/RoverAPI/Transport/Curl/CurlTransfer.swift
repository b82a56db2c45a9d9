#if canImport(LibCurl)
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif
  import Synchronization

  /// One request on libcurl's event loop: the head and body as they arrive, the redirects it
  /// follows, and the one caller waiting for it, resumed exactly once by whichever comes
  /// first of the end, a failure or cancellation.
  ///
  /// libcurl calls in on the loop's thread; the caller and its cancellation come from any
  /// other. Every step holds the lock, so once the caller has been resumed no more bytes reach
  /// its writer: a caller that removes its file after a cancellation never races a late write.
  final class CurlTransfer: Sendable {
    /// What the loop does with the transfer's easy handle once libcurl is done with it.
    enum Next {
      /// Nothing more: the caller has its answer or its error.
      case done
      /// Send it again, to where the answer redirected.
      case follow(Hop)
    }

    /// One request as it goes on the wire: the address and the header fields.
    struct Hop: Sendable {
      var url: URL
      var headers: [String: String]
    }

    private struct State {
      var receiver: BodyReceiver
      var continuation: CheckedContinuation<HTTPResponse, any Error>?
      var finished = false
      var hop: Hop
      var head = ResponseHead()
      /// Where the answer being read redirects to; its body is not the caller's.
      var redirect: URL?
      var redirects = 0
      /// When the transfer first went on the loop: its timeout counts from here, across
      /// redirects, and not while it waited its turn.
      var began: ContinuousClock.Instant?
    }

    /// The request as the caller made it.
    let request: HTTPRequest
    /// The server it is sent to, `scheme://host:port`: the loop allows so many transfers to
    /// one. A redirect to another still counts against the first.
    let server: String
    private let state: Mutex<State>

    init(request: HTTPRequest) {
      self.request = request
      let url = request.url
      server = "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port ?? 0)"
      state = Mutex(
        State(
          receiver: BodyReceiver(for: request),
          hop: Hop(url: request.url, headers: request.headers)))
    }

    /// What is left of the request's timeout, in milliseconds, as a hop goes on the loop: all
    /// of it at first, less what earlier hops took after a redirect; at least 1, as libcurl
    /// reads 0 as no limit.
    func remainingMilliseconds() -> Int {
      let spent = state.withLock { state in
        if state.began == nil { state.began = .now }
        return Self.seconds(since: state.began)
      }
      return Int(max(limit - spent, 0.001) * 1000)
    }

    /// The timeout in seconds, a day at most (what the client allows).
    private var limit: Double {
      request.timeout.isFinite && request.timeout > 0 ? min(request.timeout, 86_400) : 86_400
    }

    private static func seconds(since began: ContinuousClock.Instant?) -> Double {
      guard let began else { return 0 }
      let elapsed = ContinuousClock.now - began
      return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Whether the caller has been answered.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// The request to send now: the first, or the last redirect's.
    var hop: Hop { state.withLock { $0.hop } }

    /// Keeps the caller to resume; `false` when the call was cancelled before it began, and
    /// the caller has been told so.
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
      let over = state.withLock { state in
        if !state.finished { state.continuation = continuation }
        return state.finished
      }
      if over { continuation.resume(throwing: CancellationError()) }
      return !over
    }

    /// A line of the head arrived; returns whether to go on.
    func takeHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
      step { state in
        guard state.head.take(line) else { return }
        if let location = state.head.redirectLocation {
          // Followed once this answer ends; an address that cannot be read is the answer.
          state.redirect = URL(string: location, relativeTo: state.hop.url)?.absoluteURL
          if state.redirect != nil { return }
        }
        try state.receiver.begin(status: state.head.status, headers: state.head.headers)
      }
    }

    /// A piece of the body arrived; returns whether to go on.
    func takeBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
      step { state in
        // A redirect's own body is nobody's.
        guard state.redirect == nil else { return }
        try state.receiver.receive(bytes: bytes)
      }
    }

    /// libcurl is done with the request, with `result` (a `CURLcode`): answers the caller, or
    /// says where to send it next.
    func end(_ result: Int32) -> Next {
      let outcome = state.withLock { state -> Result<Next, any Error> in
        // Already answered: cancelled, or failed by a step.
        guard !state.finished else { return .success(.done) }
        // Named only in a failure: most transfers end well.
        var host: String { TransferFailure.hostAndPort(state.hop.url) }
        guard result == CurlResult.ok.rawValue else {
          return .failure(
            TransferFailure.translate(
              curl: result, host: host, encoding: state.head.headers["content-encoding"]))
        }
        guard let target = state.redirect else { return .success(.done) }
        guard state.redirects < RedirectGuard.maxRedirects else {
          return .failure(TransferFailure.redirectLoop(host))
        }
        guard Self.seconds(since: state.began) < limit else {
          return .failure(TransportError.timedOut)
        }
        do { try TransferFailure.refuseUnfetchable(target) } catch { return .failure(error) }
        let guarded = RedirectGuard.guarded(
          url: target, headers: state.hop.headers, from: request.url)
        state.redirects += 1
        state.redirect = nil
        state.head = ResponseHead()
        state.hop = Hop(url: guarded.url, headers: guarded.headers)
        return .success(.follow(state.hop))
      }
      switch outcome {
      case .success(.follow(let hop)): return .follow(hop)
      case .success(.done):
        let response = state.withLock { $0.receiver.response(finalURL: $0.hop.url) }
        finish(.success(response))
      case .failure(let error): finish(.failure(error))
      }
      return .done
    }

    /// Resumes the caller, once.
    func finish(_ result: Result<HTTPResponse, any Error>) {
      let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
        guard !state.finished else { return nil }
        state.finished = true
        defer { state.continuation = nil }
        return state.continuation
      }
      continuation?.resume(with: result)
    }

    /// Runs one step of receiving under the lock; a step that throws ends the transfer with
    /// its error (a body over its limit, a disk that is full, an answer the writer refuses).
    private func step(_ body: (inout State) throws -> Void) -> Bool {
      let failure: (any Error)? = state.withLock { state in
        guard !state.finished else { return CancellationError() }
        do {
          try body(&state)
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
#endif
