import Foundation
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror

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
}
