import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RoverAPI

/// A writer that keeps the body in memory, placing each piece where it belongs.
final class MemoryWriter: BodyWriter {
  let bytes = Mutex(Data())

  func begin(status: Int, headers: [String: String], at offset: Int) throws {
    bytes.withLock { $0 = $0.prefix(offset) }
  }

  func write(_ chunk: Data) throws { bytes.withLock { $0.append(chunk) } }

  func finish() throws {}
}

@Suite(.timeLimit(.minutes(3))) struct RangedDownloadTests {
  /// The pieces asked for: 64 KB, as the client's 32 MB are for images, so that the body is
  /// made and moved in kilobytes, not tens of megabytes.
  static let piece = 1 << 16

  /// 70 / 32 pieces, so three pieces with a short last one, in a 251-byte pattern so that a
  /// piece in the wrong place shows.
  static let body: Data = {
    let count = piece * 70 / 32
    return Data((0..<count).map { UInt8($0 % 251) })
  }()

  /// A host that serves ranges, fails the second piece once, and logs each range asked for.
  func host(honoursRanges: Bool, asked: RangeLog) -> APIClient {
    let failedOnce = Mutex(false)
    let transport = ClosureTransport { request in
      let range = request.headers["Range"] ?? ""
      asked.ranges.withLock { $0.append(range) }
      guard honoursRanges else { return HTTPResponse(status: 200, body: Self.body) }
      let bounds = range.dropFirst(6).split(separator: "-").compactMap { Int($0) }
      let first = bounds[0]
      let end = min(Self.body.count, bounds[1] + 1)
      if first > 0, !failedOnce.withLock({ $0 }) {
        failedOnce.withLock { $0 = true }
        throw TransportError.connectionLost
      }
      return HTTPResponse(
        status: 206, headers: ["Content-Range": "bytes \(first)-\(end - 1)/\(Self.body.count)"],
        body: Self.body.subdata(in: first..<end))
    }
    var client = APIClient(
      baseURL: URL(string: "http://api.test")!, transport: transport, sleeper: NoWait())
    client.pieceLength = Self.piece
    return client
  }

  @Test func aLargeImageComesInRangesAndADroppedPieceIsFetchedAgainAlone() async throws {
    let asked = RangeLog()
    let writer = MemoryWriter()
    try await host(honoursRanges: true, asked: asked).download(
      from: URL(string: "http://img.test/big.jpg")!, into: writer)
    #expect(writer.bytes.withLock { $0 } == Self.body)
    let piece = Self.piece
    #expect(
      asked.ranges.withLock { $0 } == [
        "bytes=0-\(piece - 1)", "bytes=\(piece)-\(2 * piece - 1)",
        "bytes=\(piece)-\(2 * piece - 1)", "bytes=\(2 * piece)-\(3 * piece - 1)",
      ])
  }

  @Test func aHostThatIgnoresRangesSendsTheWholeBodyOnce() async throws {
    let asked = RangeLog()
    let writer = MemoryWriter()
    try await host(honoursRanges: false, asked: asked).download(
      from: URL(string: "http://img.test/big.jpg")!, into: writer)
    #expect(writer.bytes.withLock { $0 } == Self.body)
    #expect(asked.ranges.withLock { $0.count } == 1)
  }

  @Test func contentRangesParse() {
    #expect(ContentRange("bytes 0-99/1000") == ContentRange("bytes 0-99/1000"))
    #expect(ContentRange("bytes 0-99/1000")?.total == 1000)
    #expect(ContentRange("bytes 900-999/*")?.total == nil)
    #expect(ContentRange("bytes 5-1/10") == nil)
    #expect(ContentRange("bytes 0-10/10") == nil)
    #expect(ContentRange("items 0-1/2") == nil)
    #expect(ContentRange("bytes 0-9/10")?.isLast == true)
    #expect(ContentRange("bytes 0-8/10")?.isLast == false)
    // Whatever a server sends: case, spaces, and nothing that traps or reads past the end.
    #expect(ContentRange("BYTES 0-9/10")?.total == 10)
    #expect(ContentRange("bytes  0 - 9 / 10 ") == ContentRange("bytes 0-9/10"))
    #expect(ContentRange("bytes 0-99999999999999999999999/*") == nil)
    #expect(ContentRange("bytes 0-9/10 and more") == nil)
    #expect(ContentRange("bytes -1-9/10") == nil)
    #expect(ContentRange("bytes 0-9") == nil)
    #expect(ContentRange("bytes") == nil)
    #expect(ContentRange("") == nil)
    #expect(ContentRange(nil) == nil)
  }
}

/// The ranges a host was asked for.
final class RangeLog: Sendable {
  let ranges = Mutex<[String]>([])
}
