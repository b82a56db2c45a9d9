import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sends one HTTP request and returns its response: the one seam between the client and the
/// network, so tests can put a stub in its place.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status.
  ///
  /// A 2xx body goes to the request's ``HTTPRequest/bodyWriter`` when it has one, and otherwise
  /// into memory, never more than ``HTTPRequest/bodyLimit`` bytes of it. Throws
  /// ``TransportError`` when no whole response arrived, the writer's own error when it could
  /// not keep the body, and `CancellationError` when the calling task was cancelled.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse

  /// Lets go of what the transport holds once its last request is answered (a URLSession and
  /// its connections); nothing is sent after it. A run calls it once, at its end.
  func finish()

  /// Whether the transport itself ends a request that takes longer than its
  /// ``HTTPRequest/timeout``, throwing ``TransportError/timedOut``: the client then sets no
  /// timer of its own for it. Otherwise the client races one against every attempt.
  var keepsTimeouts: Bool { get }

  /// The most requests the transport has on the wire to one server at once, when it holds
  /// further ones back itself, their timeouts not yet running, and sends each the moment
  /// another ends; `nil` when it does not. A caller that must keep to a number of transfers
  /// at once may then hand over more, so that the next one starts without waiting for it.
  var connectionsPerHost: Int? { get }

  /// Where the tasks that do little but send requests and handle their answers best run: the
  /// transport's own thread, when it has one that can run them, so that an answer resumes its
  /// task without waking another thread; `nil` for anywhere.
  var taskExecutor: (any TaskExecutor)? { get }
}

extension HTTPTransport {
  /// Nothing to let go of.
  public func finish() {}

  /// The client keeps the time.
  public var keepsTimeouts: Bool { false }

  /// Sends whatever it is given at once.
  public var connectionsPerHost: Int? { nil }

  /// No thread of its own.
  public var taskExecutor: (any TaskExecutor)? { nil }
}

/// A GET request ready to send.
public struct HTTPRequest: Sendable {
  /// The full address, query included.
  public var url: URL
  /// Header fields to send.
  public var headers: [String: String]
  /// How long the whole request may take, answer and body, in seconds.
  public var timeout: Double
  /// The most bytes of a body kept in memory; a larger body fails the transfer.
  public var bodyLimit: Int
  /// Where a 2xx body goes as it arrives, instead of memory: an image's file.
  public var bodyWriter: (any BodyWriter)?
  /// Where in the writer a `206 Partial Content` body belongs: the start of the range asked.
  public var bodyOffset = 0

  /// The default limit of a body in memory: well above the largest real answer (a whole
  /// Curiosity sol of 856 photos is 1.1 MB, its manifest 0.5 MB).
  public static let defaultBodyLimit = 256 * 1_048_576

  /// Creates a request.
  public init(
    url: URL, headers: [String: String] = [:], timeout: Double = 30,
    bodyLimit: Int = HTTPRequest.defaultBodyLimit, bodyWriter: (any BodyWriter)? = nil
  ) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
    self.bodyLimit = bodyLimit
    self.bodyWriter = bodyWriter
  }
}

/// Takes a successful response's body as it arrives, so that a large one never sits in memory.
public protocol BodyWriter: Sendable {
  /// Called before the first byte of each 2xx body, which goes at `offset` (0 but for a
  /// `206` piece of a larger body; a retry starts again from here); throws ``BodyRejected``
  /// to refuse the answer, such as an HTML page where an image was expected.
  func begin(status: Int, headers: [String: String], at offset: Int) throws
  /// Keeps the next piece of the body.
  func write(_ chunk: Data) throws
  /// Keeps the next piece of the body, borrowed for the call: what a transport that reads
  /// into its own buffer hands over, with no copy made.
  func write(bytes: UnsafeRawBufferPointer) throws
  /// Called once the whole 2xx body has arrived; throws ``BodyRejected`` when it is not
  /// acceptable after all (empty, or too short to be what it claims).
  func finish() throws
}

extension BodyWriter {
  /// Copies the bytes into a `Data` for ``write(_:)``.
  public func write(bytes: UnsafeRawBufferPointer) throws { try write(Data(bytes)) }
}

/// A 2xx answer whose body is not what was asked for: worth another try, then a data error.
public struct BodyRejected: Error, Sendable, Hashable {
  /// Why, in words that follow `the server answered 200 with`: `an HTML page, not an image`.
  public var reason: String

  /// Creates the error.
  public init(_ reason: String) { self.reason = reason }
}

/// A response; its body is empty when it went to the request's ``BodyWriter``.
public struct HTTPResponse: Sendable, Hashable {
  /// The status code.
  public var status: Int
  /// Header fields, with lower-cased names.
  public var headers: [String: String]
  /// The body, possibly empty.
  public var body: Data
  /// How many body bytes arrived, whether kept here or written elsewhere.
  public var bodyLength: Int
  /// Where the answer finally came from, after any redirects.
  public var finalURL: URL?

  /// Creates a response; header names are lower-cased so look-ups ignore case as HTTP does.
  public init(
    status: Int, headers: [String: String] = [:], body: Data = Data(), bodyLength: Int? = nil,
    finalURL: URL? = nil
  ) {
    self.status = status
    // A transport that lower-cased the names already hands them over as they are.
    let lowered = headers.keys.allSatisfy { !UTF8Scan.contains($0) { (65...90).contains($0) } }
    self.headers =
      lowered
      ? headers
      : Dictionary(
        headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
    self.bodyLength = bodyLength ?? body.count
    self.finalURL = finalURL
  }

  /// The value of a header field, whatever the case of its name.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request got no whole response.
public enum TransportError: Error, Sendable, Hashable {
  /// The host refused or did not accept the connection.
  case cannotConnect(host: String)
  /// The host name could not be resolved.
  case cannotFindHost(host: String)
  /// No complete response arrived in time.
  case timedOut
  /// The connection closed before the whole response arrived.
  case connectionLost
  /// The body was larger than the request allows (bytes).
  case bodyTooLarge(limit: Int)
  /// Any other failure, described in words.
  case other(String)
}
