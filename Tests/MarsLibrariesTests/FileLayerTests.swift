import Foundation
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

#if canImport(Glibc)
  import Glibc
#endif

@Suite(.timeLimit(.minutes(3))) struct FileLayerTests {
  let scratch: TemporaryFolder
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryFolder("marsdata") }

  func photo(id: Int? = 7, imgSrc: String, camera: String = "NAVCAM", sol: Int = 12) -> Photo {
    Photo(
      id: id, sol: sol, earthDate: "2020-01-01", imgSrc: imgSrc, camera: Camera(name: camera),
      rover: RoverReference(id: 5, name: "Curiosity"))
  }

  @Test func layoutIsRoverSolCameraAndNASAsFileName() {
    let layout = PhotoFileLayout(root: folder)
    let photo = photo(
      imgSrc: "https://mars.nasa.gov/msl/FLB_486265257EDR_F0481570FHAZ00323M_.JPG?x=1")
    #expect(
      layout.relativePath(for: photo, rover: "Curiosity")
        == "curiosity/12/NAVCAM/FLB_486265257EDR_F0481570FHAZ00323M_.JPG")
    #expect(
      layout.legacyRelativePath(for: photo, rover: "Curiosity")
        == "curiosity/12/NAVCAM/7-FLB_486265257EDR_F0481570FHAZ00323M_.JPG")
  }

  @Test(arguments: [
    ("http://h/images/..%2F..%2Fetc%2Fpasswd", "etcpasswd"),
    ("../../etc/passwd", "passwd"),
    ("/etc/passwd", "passwd"),
    ("http://h/images/.hidden", "hidden"),
    ("http://h/", "photo-7"),
    ("http://h/a b/ça va?.jpg", "ava"),
    ("http://h/x/.rovers-sol.json", "rovers-sol.json"),
  ])
  func hostileNamesStayOneSafeComponent(_ imgSrc: String, _ expected: String) {
    let layout = PhotoFileLayout(root: folder)
    let path = layout.relativePath(
      for: photo(imgSrc: imgSrc, camera: "../../evil"), rover: "curiosity")
    let parts = path.split(separator: "/")
    #expect(parts.count == 4)
    #expect(parts[2] == "evil")
    #expect(parts[3] == expected)
    #expect(!parts.contains { $0.hasPrefix(".") })
    #expect(!TemporaryFile.isTemporary(String(parts[3])))
  }

  @Test func longNamesAreShortenedKeepingTheExtension() {
    let layout = PhotoFileLayout(root: folder)
    let path = layout.relativePath(
      for: photo(imgSrc: "http://h/" + String(repeating: "a", count: 5000) + ".jpg"), rover: "x")
    let name = String(path.split(separator: "/").last!)
    #expect(name.count <= PhotoFileLayout.maxNameLength)
    #expect(name.hasSuffix(".jpg"))
  }

  @Test func atomicWriteReplacesWholeAndLeavesNoTemporaryFile() throws {
    let target = folder.appendingPathComponent("a.json")
    try AtomicFile.write(Data("one".utf8), to: target)
    try AtomicFile.write(Data("two".utf8), to: target, durable: false)
    #expect(try String(contentsOf: target, encoding: .utf8) == "two")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.json"])
  }

  @Test func theSweepTakesOnlyUnheldTemporaryFilesOfItsOwnFolder() throws {
    let cam = folder.appendingPathComponent("x/1/CAM")
    try Directories.create(cam.appendingPathComponent("deeper"))
    let names = [
      ".stale.jpg.rovers-tmp", ".held.jpg.rovers-tmp", "NLF_0001.part", "notes.part",
      "photo.jpg", "deeper/.below.jpg.rovers-tmp",
    ]
    for name in names { try Data(name.utf8).write(to: cam.appendingPathComponent(name)) }
    let fd = open(cam.appendingPathComponent(".held.jpg.rovers-tmp").path, O_RDONLY)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    TemporaryFile.sweep(cam)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: cam.path))
    #expect(left == [".held.jpg.rovers-tmp", "NLF_0001.part", "notes.part", "photo.jpg", "deeper"])
    #expect(
      FileManager.default.fileExists(
        atPath: cam.appendingPathComponent("deeper/.below.jpg.rovers-tmp").path))
  }

  /// The race is the hidden files': a file with no name is nothing a sweep can see.
  @Test func aSweepRacingWritersNeverFailsOne() async throws {
    let stop = SweepLoop(folder: folder)
    stop.start()
    for index in 0..<300 {
      let target = folder.appendingPathComponent("p\(index).jpg")
      let file = try #require(
        try await TemporaryFile.create(for: target.path, skipIfPresent: true, unnamed: false))
      try file.write(Data([0xFF, 0xD8, 0xFF, UInt8(index % 256)]))
      try file.commit(durable: false)
      #expect(FileManager.default.fileExists(atPath: target.path))
    }
    stop.finish()
    #expect(stop.sweeps > 0)
  }

  /// A run prepares each folder once; one removed while the run goes on is made again when
  /// its next file is written, as it was when every file made its folder.
  @Test(arguments: [true, false])
  func aFolderRemovedDuringARunIsMadeAgainForItsNextFile(unnamed: Bool) async throws {
    let folders = PreparedFolders()
    let camera = folder.appendingPathComponent("curiosity/12/NAVCAM")
    #expect(try folders.prepare(camera.path))
    #expect(try folders.prepare(camera.path), "still the run's own folder")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("curiosity"))
    let target = camera.appendingPathComponent("p.jpg")
    let file = try #require(
      try await TemporaryFile.create(for: target.path, skipIfPresent: true, unnamed: unnamed))
    try file.write(Data([0xFF, 0xD8, 0xFF, 0xD9]))
    try file.commit(durable: false)
    #expect(FileManager.default.fileExists(atPath: target.path))
  }

  @Test func aFolderThatWasThereIsNotTheRunsOwn() throws {
    let camera = folder.appendingPathComponent("NAVCAM")
    try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
    #expect(try PreparedFolders().prepare(camera.path) == false)
  }

  @Test func aFileInTheWayIsAFileSystemError() throws {
    let file = folder.appendingPathComponent("file")
    try Data().write(to: file)
    #expect(throws: FileSystemError.self) {
      try Directories.create(file.appendingPathComponent("sub"))
    }
  }

  @Test func oneSyncLockPerFolder() throws {
    let first = try SyncLock(folder: folder)
    #expect(throws: SyncLockHeld.self) { try SyncLock(folder: folder) }
    withExtendedLifetime(first) {}
  }

  @Test func aLockRemovedByItsHolderLeavesNothingAndTheNextTakesANewOne() throws {
    let path = folder.appendingPathComponent("catalog.sqlite.lock").path
    let first = try #require(try ExclusiveLock(path: path))
    #expect(try ExclusiveLock(path: path) == nil)
    first.remove()
    #expect(!FileManager.default.fileExists(atPath: path))
    // Still held by the first, the removed file is no lock: the next makes and takes its own.
    let next = try #require(try ExclusiveLock(path: path))
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try ExclusiveLock(path: path) == nil)
    withExtendedLifetime((first, next)) {}
  }
}

/// Sweeps a folder over and over on a thread of its own, as another run's sweep would.
final class SweepLoop: @unchecked Sendable {
  // Unchecked: `running` and `count` are only touched under `lock`.
  private let folder: URL
  private let lock = NSLock()
  private var running = true
  private var count = 0
  private var thread: Thread?

  init(folder: URL) { self.folder = folder }

  var sweeps: Int { lock.withLock { count } }

  func start() {
    let thread = Thread { [self] in
      while lock.withLock({ running }) {
        TemporaryFile.sweep(folder)
        lock.withLock { count += 1 }
        // A breath between sweeps: a loop that never sleeps took a whole core from the rest of
        // the test run for as long as the writers it races waited for a thread.
        usleep(500)
      }
    }
    self.thread = thread
    thread.start()
  }

  func finish() {
    lock.withLock { running = false }
    while thread?.isFinished == false { usleep(1000) }
  }
}
