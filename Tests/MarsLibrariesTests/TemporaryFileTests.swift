import Foundation
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror

#if canImport(Glibc)
  import Glibc
#endif

/// A photo is written with no name where the system allows it, and with a hidden one where
/// not; either way its real name shows only a whole file, and nothing else is left.
@Suite(.timeLimit(.minutes(3))) struct TemporaryFileTests {
  let scratch: TemporaryFolder
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryFolder("temporaryfile") }

  var entries: Set<String> {
    Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
  }

  func contents(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// This machine's file system makes files with no name (Linux, ext4 or tmpfs): the rest of
  /// the suite would otherwise test the hidden files twice.
  @Test func filesWithNoNameWorkHere() {
    #expect(TemporaryFile.unnamedFilesWork)
  }

  @Test func aFileBeingWrittenHasNoNameUntilItIsPlaced() async throws {
    let target = folder.appendingPathComponent("p.jpg").path
    let file = try #require(try await TemporaryFile.create(for: target, skipIfPresent: true))
    #expect(file.path == nil)
    try file.write(Data("whole".utf8))
    #expect(entries.isEmpty, "nothing shows while it is written")
    try file.commit(durable: true)
    #expect(entries == ["p.jpg"])
    #expect(try contents("p.jpg") == "whole")
  }

  @Test func aFileWithNoNameLeavesNothingWhenDiscarded() async throws {
    let target = folder.appendingPathComponent("p.jpg").path
    let file = try #require(try await TemporaryFile.create(for: target, skipIfPresent: true))
    try file.write(Data("half".utf8))
    file.discard()
    #expect(entries.isEmpty)
  }

  @Test(arguments: [true, false])
  func aFileThereIsReplacedWholeAndNoHiddenNameIsLeft(unnamed: Bool) async throws {
    let target = folder.appendingPathComponent("p.jpg")
    try Data("old".utf8).write(to: target)
    let file = try #require(
      try await TemporaryFile.create(for: target.path, skipIfPresent: false, unnamed: unnamed))
    try file.write(Data("new".utf8))
    #expect(try contents("p.jpg") == "old", "the old file stays whole until the new one is")
    try file.commit(durable: false)
    #expect(try contents("p.jpg") == "new")
    #expect(entries == ["p.jpg"])
  }

  /// Another run placed the same photo between this one's start and its end: the name still
  /// goes to this run's whole file, as a rename would have given it.
  @Test func aFileThatAppearedMeanwhileIsReplaced() async throws {
    let target = folder.appendingPathComponent("p.jpg")
    let file = try #require(
      try await TemporaryFile.create(for: target.path, skipIfPresent: true))
    try file.write(Data("mine".utf8))
    try Data("theirs".utf8).write(to: target)
    try file.commit(durable: false)
    #expect(try contents("p.jpg") == "mine")
    #expect(entries == ["p.jpg"])
  }

  @Test(arguments: [true, false])
  func aFileThereIsSkippedWhenAsked(unnamed: Bool) async throws {
    let target = folder.appendingPathComponent("p.jpg")
    try Data("old".utf8).write(to: target)
    #expect(
      try await TemporaryFile.create(for: target.path, skipIfPresent: true, unnamed: unnamed)
        == nil)
    #expect(entries == ["p.jpg"])
  }

  @Test func aHiddenFileStandsInWhereNamelessOnesCannotBe() async throws {
    let target = folder.appendingPathComponent("p.jpg").path
    let file = try #require(
      try await TemporaryFile.create(for: target, skipIfPresent: true, unnamed: false))
    #expect(file.path == folder.appendingPathComponent(".p.jpg.rovers-tmp").path)
    try file.write(Data("whole".utf8))
    #expect(entries == [".p.jpg.rovers-tmp"])
    try file.commit(durable: true)
    #expect(entries == ["p.jpg"])
    #expect(try contents("p.jpg") == "whole")
  }

  @Test func aNameForOneWriterIsHiddenAndKnownAsTemporary() {
    let path = TemporaryFile.path(for: "/m/c/p.jpg", writer: "12-7")
    #expect(path == "/m/c/.p.jpg.12-7.rovers-tmp")
    #expect(TemporaryFile.isTemporary(String(path.split(separator: "/").last!)))
    #expect(TemporaryFile.path(for: "p.jpg") == ".p.jpg.rovers-tmp")
  }

  #if os(Linux)
    /// A long stream goes to disk a window at a time and leaves memory: once a window is
    /// written out, and again after a cut back into it and a window more, the file's first
    /// window is no longer in the page cache, and the piece written again lands where it
    /// belongs.
    @Test func aLongFileLeavesMemoryAsItIsWrittenAndStaysWhole() async throws {
      let disk = try TemporaryFolder("longfile", onDisk: true)
      let target = disk.url.appendingPathComponent("big.jpg")
      let file = try #require(try await TemporaryFile.create(for: target.path, skipIfPresent: true))
      let window = TemporaryFile.writeOutWindow
      let size = 1 << 20
      func piece(_ index: Int) -> Data { Data(repeating: UInt8(index & 0xFF), count: size) }
      // A window, a retry from its middle, then a window more.
      for index in 0..<(window / size) { try file.write(piece(index)) }
      try file.truncate(to: window / 2)
      for index in (window / 2 / size)..<(3 * window / 2 / size) { try file.write(piece(index)) }
      try file.commit(durable: true)
      // Asked before the file is read back, which brings it in again.
      #expect(try residentBytes(of: target, in: 0..<window) == 0)
      let written = try Data(contentsOf: target)
      #expect(written.count == 3 * window / 2)
      let wrong = (0..<(3 * window / 2 / size)).first { index in
        written[index * size] != UInt8(index & 0xFF)
          || written[index * size + size - 1] != UInt8(index & 0xFF)
      }
      #expect(wrong == nil, "piece \(wrong ?? -1)")
    }

    /// How many of the file's bytes in `range` are in the page cache (`mincore(2)`).
    private func residentBytes(of file: URL, in range: Range<Int>) throws -> Int {
      let fd = open(file.path, O_RDONLY)
      try #require(fd >= 0)
      defer { close(fd) }
      let map = try #require(
        mmap(nil, range.count, PROT_READ, MAP_SHARED, fd, off_t(range.lowerBound)))
      try #require(map != MAP_FAILED)
      defer { munmap(map, range.count) }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      var resident = [UInt8](repeating: 0, count: (range.count + page - 1) / page)
      try #require(mincore(map, range.count, &resident) == 0)
      return resident.filter { $0 & 1 != 0 }.count * page
    }
  #endif
}
