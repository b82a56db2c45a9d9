import Foundation
import SystemInterface
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `POSIX.readStart(ofFile:upTo:)`, which reads every picture and record the tool opens: sized
/// by the file, not by the limit, it must still stop at the limit, read a file whose size is
/// not known (`/proc`), and give each byte where the file has it.
@Suite struct FileReadingTests {
  let scratch: TemporaryFolder

  init() throws { scratch = try TemporaryFolder("reading") }

  /// A file of `count` bytes that are not all alike, so a byte read from the wrong place shows.
  func file(_ count: Int) throws -> (path: String, bytes: [UInt8]) {
    var random = SplitMix(seed: UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    let url = scratch.url.appendingPathComponent("file-\(count)")
    try Data(bytes).write(to: url)
    return (url.path, bytes)
  }

  @Test(arguments: [0, 1, 60_854, 65_536, 200_001])
  func aWholeFileUnderTheLimitIsReadWhole(count: Int) throws {
    let (path, bytes) = try file(count)
    #expect(POSIX.readStart(ofFile: path, upTo: 1 << 20) == bytes)
  }

  @Test func aFileOverTheLimitGivesItsFirstBytesOnly() throws {
    let (path, bytes) = try file(200_001)
    #expect(POSIX.readStart(ofFile: path, upTo: 150_000) == Array(bytes[..<150_000]))
    #expect(POSIX.readStart(ofFile: path, upTo: 200_001) == bytes)
    #expect(POSIX.readStart(ofFile: path, upTo: 0) == [])
  }

  @Test func aFileThatSaysItIsEmptyIsReadToItsEnd() throws {
    // /proc says 0 bytes for what holds many: the reading goes on until the file ends.
    let status = try #require(POSIX.readStart(ofFile: "/proc/self/status", upTo: 1 << 20))
    #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    #expect(status.last == UInt8(ascii: "\n"))
  }

  @Test func aFileLongerThanItsFirstReadThatSaysItIsEmptyIsReadOnceThrough() throws {
    // Mappings of this test's own, each a kilobyte of /proc/self/smaps (their protections
    // alternate, so none merge), make that file longer than the first read of a file whose
    // size is unknown; each later read must go on from where the last stopped.
    let regions = (0..<200).map { index in
      mmap(nil, 4096, index % 2 == 0 ? PROT_READ : PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    }
    defer { for region in regions where region != MAP_FAILED { munmap(region, 4096) } }
    let smaps = try #require(POSIX.readStart(ofFile: "/proc/self/smaps", upTo: 1 << 24))
    #expect(smaps.count > 1 << 17, "\(smaps.count) bytes")
    let text = String(decoding: smaps, as: UTF8.self)
    let first = try #require(text.split(separator: "\n").first)
    #expect(text.components(separatedBy: first).count == 2, "the start read again: \(first)")
    #expect(smaps.last == UInt8(ascii: "\n"))
  }

  @Test func aMissingFileIsNil() {
    #expect(
      POSIX.readStart(ofFile: scratch.url.appendingPathComponent("none").path, upTo: 10) == nil)
  }
}
