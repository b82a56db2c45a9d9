import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct SyncEngineTests {
  let scratch: TemporaryFolder
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryFolder("sync", create: false) }

  func sync(
    _ stub: MirrorStub, since: Int? = 0, storage: (any SyncStateStorage)? = nil,
    now: Date = Date()
  ) async throws -> PhotoSync.Report {
    let (archive, downloader) = stub.archive()
    return try await PhotoSync(
      archive: archive, downloader: downloader, layout: PhotoFileLayout(root: folder),
      sinceSol: since, stateStorage: storage, now: { now }
    ).run(rovers: ["testrover"])
  }

  func photos(sol: Int) -> Set<String> {
    let cam = folder.appendingPathComponent("testrover/\(sol)/NAVCAM")
    return Set((try? FileManager.default.contentsOfDirectory(atPath: cam.path)) ?? [])
  }

  @Test func aShortListIsFetchedAgainUntilEveryPhotoIsOnDisk() async throws {
    let stub = MirrorStub(sols: 1, perSol: 10)
    stub.script.withLock { $0.shortBy[0] = 3 }
    let first = try await sync(stub)
    #expect(photos(sol: 0).count == 7)
    #expect(first.incomplete.map(\.sol) == [0])
    #expect(first.incomplete.first?.listed == 7 && first.incomplete.first?.expected == 10)
    stub.script.withLock { $0.shortBy = [:] }
    let second = try await sync(stub)
    #expect(photos(sol: 0).count == 10)
    #expect(second.incomplete.isEmpty)
    #expect(
      second.results.filter { if case .downloaded = $0.status { true } else { false } }.count == 3)
    let third = try await sync(stub)
    #expect(third.solsExamined == 0)
    let record = try #require(SolRecordFile.read(in: folder.appendingPathComponent("testrover/0")))
    #expect(record.photos.map(\.nasaID).sorted() == (1...10).map { "P\($0)" }.sorted())
  }

  /// Sols are listed only a little ahead of their downloads: lists answer far faster than
  /// images, and a first sync that listed every sol at once held a whole mission's downloads
  /// (700,000) in memory from its first minute.
  @Test func solsAreListedOnlyAFewDownloadsAhead() async throws {
    let stub = MirrorStub(sols: 24, perSol: 10)
    let (archive, downloader) = stub.archive()
    var sync = PhotoSync(
      archive: archive, downloader: downloader, layout: PhotoFileLayout(root: folder),
      sinceSol: 0)
    sync.waitingDownloads = 20
    let report = try await sync.run(rovers: ["testrover"])
    #expect(report.incomplete.isEmpty && photos(sol: 23).count == 10)
    let log = stub.requests
    let lastList = try #require(log.firstIndex(of: "list 23"))
    let fetched = log[..<lastList].count { $0 == "image" }
    // When the last sol is listed, the 23 before it were: all but the lists still under way
    // have been handed to transfers, less at most the 20 left waiting and a transfer window.
    let underWay = archive.maxConcurrentRequests * 10
    #expect(fetched >= 23 * 10 - underWay - 20 - downloader.transferWindow, "\(fetched)")
  }

  @Test func aListWithDuplicatesStillFinishesItsSolAndSavesTheState() async throws {
    let stub = MirrorStub(sols: 3, perSol: 4)
    stub.script.withLock { $0.duplicated = [2, 5] }
    let report = try await sync(stub)
    #expect(report.incomplete.isEmpty)
    #expect(photos(sol: 0).count == 4 && photos(sol: 1).count == 4 && photos(sol: 2).count == 4)
    #expect(stub.images.count == 12, "each photo fetched once")
    #expect(try await sync(stub).solsExamined == 0)
  }

  @Test func missingPhotosAreWaitedForOverSeveralRunsAndAWeekThenSettled() async throws {
    let stub = MirrorStub(sols: 1, perSol: 5)
    stub.script.withLock { $0.counts[0] = 8 }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let days = { (count: Double) in start.addingTimeInterval(count * 86_400) }
    #expect(try await sync(stub, now: start).incomplete.first?.settled == false)
    #expect(try await sync(stub, now: days(1)).incomplete.first?.settled == false)
    // A third short run, but not yet a week: still waiting.
    #expect(try await sync(stub, now: days(2)).incomplete.first?.settled == false)
    let settled = try await sync(stub, now: days(8))
    #expect(settled.incomplete.first?.settled == true)
    #expect(try await sync(stub, now: days(9)).solsExamined == 0)
    #expect(photos(sol: 0).count == 5)
  }

  @Test func aPhotoGoneFromItsHostIsLeftAloneForAWeek() async throws {
    let stub = MirrorStub(sols: 1, perSol: 3)
    stub.script.withLock { $0.gone = [2] }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let first = try await sync(stub, now: start)
    #expect(first.results.filter { if case .gone = $0.status { true } else { false } }.count == 1)
    #expect(first.incomplete.isEmpty)
    let asked = stub.images.count
    #expect(try await sync(stub, now: start.addingTimeInterval(86_400)).solsExamined == 0)
    #expect(stub.images.count == asked)
    stub.script.withLock { $0.gone = [] }
    _ = try await sync(stub, now: start.addingTimeInterval(8 * 86_400))
    #expect(photos(sol: 0).count == 3)
    let record = try #require(SolRecordFile.read(in: folder.appendingPathComponent("testrover/0")))
    #expect(record.gone.isEmpty && record.photos.count == 3)
  }

  @Test func theJournalGrowsWithTheSolsNotTheirSquare() async throws {
    var perSol: [Int: Double] = [:]
    for sols in [100, 1000] {
      let storage = CountingStorage()
      let stub = MirrorStub(sols: sols, perSol: 1)
      let report = try await sync(stub, storage: storage)
      #expect(report.results.count == sols)
      perSol[sols] = Double(storage.written) / Double(sols)
      // Nothing new: nothing written but the journal's flush.
      let before = storage.written
      #expect(try await sync(stub, storage: storage).solsExamined == 0)
      #expect(storage.written == before)
      try FileManager.default.removeItem(at: folder)
    }
    let small = try #require(perSol[100])
    let large = try #require(perSol[1000])
    #expect(large < small * 1.5, "bytes per sol: \(small) at 100 sols, \(large) at 1000")
  }

  @Test func theJournalSkipsATornLineAndIsCompactedWhenMostlySuperseded() throws {
    let storage = CountingStorage()
    let journal = try SyncJournal(storage: storage)
    try journal.setStart(0, rover: "r")
    for round in 0..<50 {
      var entry = SolEntry(rover: "r", sol: 1)
      entry.count = round
      entry.state = .complete
      try journal.record(entry)
    }
    try journal.close()
    let compacted = String(decoding: try #require(try storage.read()), as: UTF8.self)
    #expect(compacted.split(separator: "\n").count == 2)
    try storage.append(Data(#"{"rover":"r","sol":2,"cou"#.utf8))
    let reread = try SyncJournal(storage: storage)
    #expect(reread.entry(rover: "r", sol: 1)?.count == 49)
    #expect(reread.entry(rover: "r", sol: 2) == nil)
    #expect(reread.startSol(rover: "r") == 0)
  }

  @Test func theStateOfEarlierVersionsBecomesTheJournal() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let legacy =
      #"{"version":1,"rovers":{"spirit":{"start_sol":3,"sols":{"3":{"photo_ids":[1,2],"complete_at":2,"cameras":[]}}}}}"#
    try Data(legacy.utf8).write(to: folder.appendingPathComponent(".rovers-sync.json"))
    let journal = try SyncJournal(storage: SyncStateFile(folder: folder), folder: folder)
    #expect(journal.startSol(rover: "spirit") == 3)
    #expect(journal.entry(rover: "spirit", sol: 3)?.state == .complete)
    #expect(journal.entry(rover: "spirit", sol: 3)?.count == 2)
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(".rovers-sync.json").path))
  }

  @Test(arguments: [".rovers-sync.journal", ".rovers-sync.json"])
  func stateThatIsAFolderOrGarbageIsSetAside(_ name: String) throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    let journal = try SyncJournal(storage: SyncStateFile(folder: folder), folder: folder)
    #expect(journal.recovered)
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + ".corrupt").path))
    try journal.setStart(1, rover: "r")
    #expect(
      try SyncJournal(storage: SyncStateFile(folder: folder), folder: folder).startSol(rover: "r")
        == 1)
  }

  @Test func aLongJournalIsReadInPiecesWithLinesAcrossTheirEdgesAndATornLineInside() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = SyncStateFile(folder: folder)
    // 24,000 lines, about 3 MB: three pieces of a megabyte and six batches of lines.
    var text = #"{"rover":"r","start_sol":0}"# + "\n"
    for round in 0..<4 {
      for sol in 0..<6000 {
        text += #"{"count":\#(round),"rover":"r","sol":\#(sol),"state":"complete"}"# + "\n"
        if round == 2, sol == 3000 { text += #"{"rover":"r","sol":3001,"cou"# + "\n" }
      }
    }
    try file.replace(with: Data(text.utf8))
    let journal = try SyncJournal(storage: file)
    #expect(journal.startSol(rover: "r") == 0)
    #expect(journal.sols(rover: "r").count == 6000)
    #expect((0..<6000).allSatisfy { journal.entry(rover: "r", sol: $0)?.count == 3 })
  }
}
