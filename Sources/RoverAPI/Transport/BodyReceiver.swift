#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Collects one response as it arrives, the same way for every transport: a 2xx body goes to
/// the request's writer or into memory up to its limit; an error body keeps only its first
/// bytes, which are all a message needs.
public struct BodyReceiver: Sendable {
  /// The most bytes of an error body kept: enough for any server's message.
  static let errorBodyLimit = 65_536

  private let request: HTTPRequest
  private var status = 0
  private var headers: [String: String] = [:]
  private var body = Data()
  private var length = 0
  private var toWriter = false

  /// A receiver for the answer to `request`.
  public init(for request: HTTPRequest) { self.request = request }

  /// Takes the status line and headers; throws the writer's refusal.
  public mutating func begin(status: Int, headers: [String: String]) throws {
    self.status = status
    self.headers = headers
    body = Data()
    length = 0
    toWriter = (200..<300).contains(status) && request.bodyWriter != nil
    if toWriter {
      // A whole body (200) starts at 0 whatever was asked for.
      let offset = status == 206 ? request.bodyOffset : 0
      try request.bodyWriter?.begin(status: status, headers: headers, at: offset)
    }
  }

  /// Takes the next piece of the body; throws when it is over the limit or cannot be written.
  public mutating func receive(_ chunk: Data) throws {
    try chunk.withUnsafeBytes { try receive(bytes: $0) }
  }

  /// Takes the next piece of the body, borrowed for the call: a writer gets it with no copy.
  public mutating func receive(bytes: UnsafeRawBufferPointer) throws {
    length += bytes.count
    if toWriter {
      try request.bodyWriter?.write(bytes: bytes)
    } else if (200..<300).contains(status) {
      guard length <= request.bodyLimit else {
        throw TransportError.bodyTooLarge(limit: request.bodyLimit)
      }
      body.append(contentsOf: bytes)
    } else if body.count < Self.errorBodyLimit {
      body.append(contentsOf: bytes.prefix(Self.errorBodyLimit - body.count))
    }
  }

  /// The response as received.
  public func response(finalURL: URL? = nil) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: headers, body: body, bodyLength: length, finalURL: finalURL)
  }

  /// Runs a whole response that is already in memory through the same rules: what a stub
  /// transport does.
  public static func deliver(_ response: HTTPResponse, for request: HTTPRequest) throws
    -> HTTPResponse
  {
    var receiver = BodyReceiver(for: request)
    try receiver.begin(status: response.status, headers: response.headers)
    if !response.body.isEmpty { try receiver.receive(response.body) }
    return receiver.response(finalURL: response.finalURL)
  }
}
