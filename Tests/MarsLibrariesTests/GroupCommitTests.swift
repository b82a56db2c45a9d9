import Foundation
import Synchronization
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

/// Photos go in place in batches: one sync of the disk for every file that finished while the
/// last one ran, each name given only after its file was synced, and transfers never waiting
/// for the disk.
@Suite(.timeLimit(.minutes(3))) struct GroupCommitTests {
  let scratch: TemporaryFolder
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryFolder("groupcommit") }

  /// What an injected sync saw, and a gate that holds it until the test opens it.
  final class SyncLog: Sendable {
    struct Log {
      var fileSystemSyncs = 0
      var fileSyncs = 0
      /// How many of the targets were in place when each file-system sync began.
      var inPlaceAtSync: [Int] = []
      var open = false
    }
    let log = Mutex(Log())
    let targets: [String]
    /// How long a sync waits for the gate, in hundredths of a second.
    let gateWait: Int

    init(targets: [String], gateSeconds: Int = 20) {
      self.targets = targets
      gateWait = gateSeconds * 100
    }

    func opens() { log.withLock { $0.open = true } }

    /// Waits, up to `gateSeconds`, for the gate; whether it opened.
    func waitForGate() -> Bool {
      for _ in 0..<gateWait {
        if log.withLock({ $0.open }) { return true }
        usleep(10_000)
      }
      return false
    }

    func sync(fileSystem answer: Bool?, gated: Bool) -> GroupCommit.DiskSync {
      GroupCommit.DiskSync(
        fileSystem: { _ in
          let inPlace = self.targets.filter { FileManager.default.fileExists(atPath: $0) }.count
          self.log.withLock {
            $0.fileSystemSyncs += 1
            $0.inPlaceAtSync.append(inPlace)
          }
          if gated { _ = self.waitForGate() }
          if answer == false { errno = EIO }
          return answer
        },
        file: { _ in
          self.log.withLock { $0.fileSyncs += 1 }
          return true
        })
    }
  }

  func written(_ count: Int) async throws -> [TemporaryFile] {
    var files: [TemporaryFile] = []
    for index in 0..<count {
      let target = folder.appendingPathComponent("p\(index).jpg").path
      let file = try #require(try await TemporaryFile.create(for: target, skipIfPresent: false))
      try file.write(Data([0xFF, 0xD8, 0xFF, UInt8(index)]))
      files.append(file)
    }
    return files
  }

  func commitAll(_ files: [TemporaryFile], _ commits: GroupCommit) async -> [Result<
    Void, any Error
  >] {
    await withTaskGroup(of: Result<Void, any Error>.self) { group in
      for file in files {
        group.addTask {
          do {
            try await commits.commit(file)
            return .success(())
          } catch {
            return .failure(error)
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
  }

  var leftovers: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      TemporaryFile.isTemporary($0)
    }
  }

  @Test func filesThatFinishWhileOneSyncRunsShareTheNext() async throws {
    let files = try await written(40)
    let log = SyncLog(targets: files.map(\.target))
    let commits = GroupCommit(sync: log.sync(fileSystem: true, gated: true))
    // The first file's sync holds; the other 39 arrive meanwhile, and must share one more.
    async let first = commitAll([files[0]], commits)
    while log.log.withLock({ $0.fileSystemSyncs }) < 1 {
      try await Task.sleep(for: .milliseconds(2))
    }
    async let rest = commitAll(Array(files.dropFirst()), commits)
    while commits.waitingCount < 39 { try await Task.sleep(for: .milliseconds(2)) }
    log.opens()
    let results = await first + rest
    #expect(results.count == 40 && results.allSatisfy { (try? $0.get()) != nil })
    let seen = log.log.withLock { $0 }
    #expect(seen.fileSystemSyncs == 2)
    #expect(seen.fileSyncs == 0)
    // No name before its sync: none in place at the first, only the first file at the second.
    #expect(seen.inPlaceAtSync == [0, 1])
    for (index, file) in files.enumerated() {
      #expect(try Data(contentsOf: URL(fileURLWithPath: file.target)).last == UInt8(index))
    }
    #expect(leftovers.isEmpty)
  }

  @Test func aFailedSyncLeavesNoFileOfItsBatch() async throws {
    let files = try await written(3)
    let log = SyncLog(targets: files.map(\.target))
    let commits = GroupCommit(sync: log.sync(fileSystem: false, gated: false))
    let results = await commitAll(files, commits)
    for result in results {
      #expect(throws: FileSystemError.self) { try result.get() }
    }
    #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0.target) })
    #expect(leftovers.isEmpty)
  }

  @Test func withoutAFileSystemSyncEachFileIsSynced() async throws {
    let files = try await written(5)
    let log = SyncLog(targets: files.map(\.target))
    let commits = GroupCommit(sync: log.sync(fileSystem: nil, gated: false))
    #expect(await commitAll(files, commits).allSatisfy { (try? $0.get()) != nil })
    #expect(log.log.withLock { $0.fileSyncs } == 5)
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.target) })
  }

  /// The downloads of `count` photos with one transfer at a time, whose images `answer` serves.
  func downloader(
    _ commits: GroupCommit, count: Int = 5, placingLimit: Int = PhotoDownloader.commitWindow,
    answer: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
  ) -> (PhotoDownloader, [PhotoDownload]) {
    let client = APIClient(
      baseURL: URL(string: "http://api.test/api/v1")!, retryPolicy: .never,
      transport: ClosureTransport(answer), sleeper: NoWait())
    let downloads = (0..<count).map { index in
      let photo = Photo(
        id: index, sol: 1, earthDate: "2020-01-01", imgSrc: "http://img.test/p\(index).jpg",
        camera: Camera(name: "NAVCAM"), rover: RoverReference(id: 5, name: "Curiosity"))
      let path = folder.appendingPathComponent("p\(index).jpg").path
      return PhotoDownload(
        photo: photo, destinationPath: path, relativePath: "p\(index).jpg", legacyPath: nil)
    }
    let downloader = PhotoDownloader(
      client: client, jobs: 1, force: false, commits: commits, placingLimit: placingLimit)
    return (downloader, downloads)
  }

  static func image(_ request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(
      status: 200, headers: ["Content-Type": "image/jpeg"],
      body: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(request.url.path.utf8)))
  }

  @Test func transfersGoOnWhileTheDiskSyncs() async throws {
    let requests = Mutex(0)
    let targets = (0..<5).map { folder.appendingPathComponent("p\($0).jpg").path }
    let log = SyncLog(targets: targets)
    // The sync holds until all five images have been fetched: with one transfer at a time,
    // only a transfer that does not wait for the disk lets the others through.
    let commits = GroupCommit(
      sync: GroupCommit.DiskSync(
        fileSystem: { _ in
          for _ in 0..<2000 where requests.withLock({ $0 }) < 5 { usleep(10_000) }
          log.log.withLock { $0.fileSystemSyncs += 1 }
          return true
        }, file: { _ in true }))
    let (downloader, downloads) = downloader(commits) { request in
      requests.withLock { $0 += 1 }
      return Self.image(request)
    }
    let results = try await downloader.run(downloads)
    #expect(requests.withLock { $0 } == 5)
    #expect(results.map(\.download.relativePath) == downloads.map(\.relativePath))
    #expect(
      results.allSatisfy {
        if case .downloaded = $0.status { true } else { false }
      })
    #expect(targets.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    #expect(log.log.withLock { $0.fileSystemSyncs } < 5)
  }

  @Test func aCancelledRunStillPutsInPlaceWhatItWroteWhole() async throws {
    let targets = (0..<5).map { folder.appendingPathComponent("p\($0).jpg").path }
    let log = SyncLog(targets: targets)
    let commits = GroupCommit(sync: log.sync(fileSystem: true, gated: true))
    let requests = Mutex(0)
    // Two images come; the third never does.
    let (downloader, downloads) = downloader(commits) { request in
      let count = requests.withLock {
        $0 += 1
        return $0
      }
      if count >= 3 { try await Task.sleep(for: .seconds(60)) }
      return Self.image(request)
    }
    let told = Mutex<[String]>([])
    let run = Task {
      try await downloader.run(downloads) { result in
        told.withLock { $0.append(result.download.relativePath) }
      }
    }
    while requests.withLock({ $0 }) < 3 { try await Task.sleep(for: .milliseconds(5)) }
    run.cancel()
    log.opens()
    await #expect(throws: CancellationError.self) { try await run.value }
    #expect(told.withLock { $0 }.sorted() == ["p0.jpg", "p1.jpg"])
    #expect(targets.prefix(2).allSatisfy { FileManager.default.fileExists(atPath: $0) })
    #expect(!targets.suffix(3).contains { FileManager.default.fileExists(atPath: $0) })
    #expect(leftovers.isEmpty)
  }

  @Test func aPhotoThatCannotBePlacedEndsTheRunWithItsError() async throws {
    let targets = (0..<5).map { folder.appendingPathComponent("p\($0).jpg").path }
    let commits = GroupCommit(sync: SyncLog(targets: targets).sync(fileSystem: false, gated: false))
    let (downloader, downloads) = downloader(commits) { Self.image($0) }
    let told = Mutex(0)
    await #expect(throws: FileSystemError.self) {
      try await downloader.run(downloads) { _ in told.withLock { $0 += 1 } }
    }
    // Nothing was placed, nothing is told as placed, and no temporary file is left.
    #expect(told.withLock { $0 } == 0)
    #expect(!targets.contains { FileManager.default.fileExists(atPath: $0) })
    #expect(leftovers.isEmpty)
  }

  @Test func noMoreWrittenPhotosWaitToBePlacedThanTheWindowHolds() async throws {
    // A small window, so that a test run busy with others reaches it in a few steps.
    let window = 4
    let count = window + 6
    let targets = (0..<count).map { folder.appendingPathComponent("p\($0).jpg").path }
    // The gate stays shut until the test opens it, however slowly a busy test run gets there.
    let log = SyncLog(targets: targets, gateSeconds: 150)
    let commits = GroupCommit(sync: log.sync(fileSystem: true, gated: true))
    let requests = Mutex(0)
    let (downloader, downloads) = downloader(commits, count: count, placingLimit: window) {
      request in
      requests.withLock { $0 += 1 }
      return Self.image(request)
    }
    let run = Task { try await downloader.run(downloads) }
    // The disk holds every photo back: the window fills, then the one past it is placed by
    // its own worker, which waits, and no further photo is fetched while it does.
    while requests.withLock({ $0 }) < window + 1 { try await Task.sleep(for: .milliseconds(5)) }
    try await Task.sleep(for: .milliseconds(300))
    #expect(requests.withLock { $0 } == window + 1)
    log.opens()
    let results = try await run.value
    #expect(results.count == count)
    #expect(results.map(\.download.relativePath) == downloads.map(\.relativePath))
    #expect(targets.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    #expect(leftovers.isEmpty)
  }

  @Test func aHurriedBatchGoesWithoutWaitingForCompany() async throws {
    let files = try await written(2)
    let log = SyncLog(targets: files.map(\.target))
    // A small batch would wait an hour for more files: only a hurry lets the second go.
    let commits = GroupCommit(
      sync: log.sync(fileSystem: true, gated: false), gathering: .seconds(3600))
    #expect(await commitAll([files[0]], commits).allSatisfy { (try? $0.get()) != nil })
    async let second = commitAll([files[1]], commits)
    while commits.waitingCount < 1 { try await Task.sleep(for: .milliseconds(2)) }
    commits.hurry()
    #expect(await second.allSatisfy { (try? $0.get()) != nil })
    #expect(log.log.withLock { $0.fileSystemSyncs } == 2)
    #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.target) })
  }
}
