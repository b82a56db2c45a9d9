import Foundation
import Testing

@testable import MarsData
@testable import RoverAPI

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct FileLayerTests {
  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "marsdata-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func photo(id: Int = 7, imgSrc: String, camera: String = "NAVCAM", sol: Int = 12) -> Photo {
    Photo(
      id: id, sol: sol, earthDate: "2020-01-01", imgSrc: imgSrc, camera: Camera(name: camera),
      rover: RoverReference(id: 5, name: "Curiosity"))
  }

  @Test func layoutIsRoverSolCameraIdAndFileName() {
    let layout = PhotoFileLayout(root: folder)
    let path = layout.relativePath(
      for: photo(imgSrc: "https://mars.nasa.gov/msl/FLB_486265257EDR_F0481570FHAZ00323M_.JPG?x=1"),
      rover: "Curiosity")
    #expect(path == "curiosity/12/NAVCAM/7-FLB_486265257EDR_F0481570FHAZ00323M_.JPG")
  }

  @Test(arguments: [
    ("http://h/images/..%2F..%2Fetc%2Fpasswd", "7-passwd"),
    ("../../etc/passwd", "7-passwd"),
    ("/etc/passwd", "7-passwd"),
    ("http://h/images/.hidden", "7-.hidden"),
    ("http://h/", "7"),
    ("http://h/a b/ça va?.jpg", "7-ava"),
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
  }

  @Test func longNamesAreShortenedKeepingTheExtension() {
    let layout = PhotoFileLayout(root: folder)
    let path = layout.relativePath(
      for: photo(imgSrc: "http://h/" + String(repeating: "a", count: 5000) + ".jpg"), rover: "x")
    let name = String(path.split(separator: "/").last!)
    #expect(name.count <= PhotoFileLayout.maxNameLength)
    #expect(name.hasSuffix(".jpg"))
  }

  @Test func atomicWriteLeavesNoPartAndReplacesOnlyWhenAsked() throws {
    let target = folder.appendingPathComponent("a.jpg")
    #expect(try AtomicFile.write(Data("one".utf8), to: target) == .written)
    #expect(try AtomicFile.write(Data("two".utf8), to: target) == .alreadyThere)
    #expect(try String(contentsOf: target, encoding: .utf8) == "one")
    #expect(try AtomicFile.write(Data("three".utf8), to: target, replacing: true) == .written)
    #expect(try String(contentsOf: target, encoding: .utf8) == "three")
    #expect(!FileManager.default.fileExists(atPath: target.path + ".part"))
  }

  @Test func staleRemnantsGoButAPartSomeoneHoldsStays() throws {
    let stale = folder.appendingPathComponent("x/1/CAM/stale.jpg.part")
    let held = folder.appendingPathComponent("x/1/CAM/held.jpg.part")
    try Directories.create(stale.deletingLastPathComponent())
    try Data("left over".utf8).write(to: stale)
    try Data("being written".utf8).write(to: held)
    let fd = open(held.path, O_WRONLY)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
    AtomicFile.removeStaleParts(below: folder)
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(FileManager.default.fileExists(atPath: held.path))
    // A writer meeting a part that another holds leaves it alone.
    let target = folder.appendingPathComponent("x/1/CAM/held.jpg")
    #expect(try AtomicFile.write(Data("mine".utf8), to: target) == .alreadyThere)
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

  @Test func stateRoundTripsAndACorruptFileIsSetAside() throws {
    let file = SyncStateFile(folder: folder)
    #expect(try file.load().state == SyncState())
    var state = SyncState()
    state.rovers["spirit"] = .init(
      startSol: 3, sols: ["3": .init(photoIDs: [1, 2], completeAt: 2, cameras: [])])
    try file.save(state)
    #expect(try file.load().state == state)
    try Data("{not json".utf8).write(to: file.url)
    let (recovered, flagged) = try file.load()
    #expect(recovered == SyncState() && flagged)
    #expect(FileManager.default.fileExists(atPath: file.url.path + ".corrupt"))
  }
}
