import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension APIClient {
  /// The piece length of a client unless told: 32 MB, a few pieces for the largest images.
  public static let defaultPieceLength = 32 * 1_048_576

  /// Fetches the image at an absolute http(s) URL, such as a photo's `img_src`, into `writer`,
  /// with the same retries and timeout as API requests but without the key: image hosts are
  /// not the API. The writer sees each attempt from its start and may refuse an answer that
  /// is not an image, which counts as a failed attempt.
  ///
  /// A body larger than ``pieceLength`` comes in ranges (`Range: bytes=…`), each its own
  /// request with its own retries and timeout: a dropped connection costs one piece, not the
  /// whole file, and FoundationNetworking, which keeps a little bookkeeping for every 16 KB it
  /// receives until its transfer ends, holds a bounded amount whatever the size. A server that
  /// ignores ranges answers 200 with everything, which is taken as it comes.
  ///
  /// `start` resumes a body the writer already holds that much of; `headers` go with every
  /// piece (`If-Range`, so that a body changed since comes whole, from 0).
  @discardableResult
  public func download(
    from url: URL, into writer: any BodyWriter, startingAt start: Int = 0,
    headers: [String: String] = [:]
  ) async throws -> HTTPResponse {
    let summary = "GET \(OneLine.clean(url.absoluteString))"
    guard let url = Self.fetchable(url) else { throw APIError.invalidRequest(request: summary) }
    var offset = start
    while true {
      var pieceHeaders = headers
      pieceHeaders["Range"] = "bytes=\(offset)-\(offset + pieceLength - 1)"
      var request = HTTPRequest(
        url: url, headers: pieceHeaders, timeout: timeout, bodyWriter: writer)
      request.bodyOffset = offset
      let response = try await sendRetrying(request, summary: summary)
      guard response.status == 206 else { return response }
      guard let range = ContentRange(response.header("Content-Range")), range.first == offset
      else {
        throw APIError.undecodable(
          request: summary, problem: "the server answered 206 with a range that was not asked for")
      }
      if endsBody(range, offset: offset) { return response }
      offset = range.last + 1
    }
  }

  /// Whether a 2xx answer to a download is its last: a whole body, or the last range.
  func endsBody(_ response: HTTPResponse, offset: Int) -> Bool {
    guard response.status == 206 else { return true }
    guard let range = ContentRange(response.header("Content-Range")) else { return true }
    return endsBody(range, offset: offset)
  }

  /// Whether the piece `range`, asked for from `offset`, is the body's last.
  func endsBody(_ range: ContentRange, offset: Int) -> Bool {
    // Without a total, a piece shorter than asked for is the last.
    range.total == nil ? range.last + 1 - offset < pieceLength : range.isLast
  }
}
