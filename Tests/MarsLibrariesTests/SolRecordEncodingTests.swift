import Foundation
import RoverAPI
import SystemInterface
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror

@Suite(.timeLimit(.minutes(3))) struct SolRecordEncodingTests {
  func photo(_ index: Int, details: PhotoDetails = PhotoDetails()) -> Photo {
    Photo(
      id: index % 2 == 0 ? index : nil, sol: 42, earthDate: "2024-01-24",
      imgSrc: "https://mars.nasa.gov/msl-raw-images/a/b/NLB_\(index)_\u{e9}.JPG",
      camera: Camera(name: index % 3 == 0 ? "NAVCAM" : "FHAZ", fullName: "Camera \"\(index)\""),
      rover: RoverReference(id: 5, name: "Curiosity"),
      instrument: index % 2 == 0 ? "NAV_LEFT_B" : nil, details: details)
  }

  /// Written straight from the values, the record is byte for byte what `JSONEncoder` wrote
  /// for it, so records written before and after read the same and diff cleanly.
  @Test func theRecordIsTheBytesJSONEncoderWrites() throws {
    var record = SolRecord(rover: "Curiosity/\u{2028}x", sol: 42)
    let details = PhotoDetails(
      marsTime: "Sol-00042M12:34:56.789", mastAzimuth: 12.5, mastElevation: -3.25, site: 7,
      drive: 120, sampleType: "full", filter: "R0", title: "A \"title\"",
      caption: "line\nbreak\u{1}\u{8}\u{c}\r\t\u{1f}\u{7f}\\ \u{1F600}",
      credit: "NASA/JPL-Caltech")
    record.merge(
      saved: (0..<600).map {
        SolRecord.SavedPhoto(photo($0, details: $0 == 3 ? details : .init()))
      },
      gone: [
        .init(nasaID: "NLB_1", imgSrc: "https://host/a/NLB_1.JPG", since: 1_700_000_000.25),
        .init(nasaID: "NLB_2", imgSrc: "https://host/a/NLB_2.JPG", since: 1_700_000_001),
      ])
    let whole = try SolRecord.makeEncoder().encode(record)
    #expect(try record.encoded() == whole)
    #expect(try JSONDecoder().decode(SolRecord.self, from: record.encoded()) == record)
    let numbers = PhotoDetails(mastAzimuth: -0.0, mastElevation: 1e-7, site: -1, drive: 0)
    let odd = SolRecord.SavedPhoto(photo(7, details: numbers))
    var small = SolRecord(rover: "Spirit", sol: 0)
    small.merge(
      saved: [odd],
      gone: [
        .init(nasaID: "x", imgSrc: "y", since: 1e20), .init(nasaID: "z", imgSrc: "", since: 0),
      ])
    #expect(try small.encoded() == SolRecord.makeEncoder().encode(small))
    let empty = SolRecord(rover: "Spirit", sol: 0)
    #expect(try empty.encoded() == SolRecord.makeEncoder().encode(empty))
  }

  /// The file is written a piece at a time, never whole in memory: the same bytes as the
  /// record's JSON, over many pieces; a record that cannot be written leaves the file as it
  /// was.
  @Test func theFileIsTheRecordWrittenInPieces() throws {
    let folder = try TemporaryFolder()
    let saved = (0..<2000).map { SolRecord.SavedPhoto(photo($0)) }
    let record = try SolRecordFile.update(
      in: folder.url, rover: "Curiosity", sol: 42, saved: saved, gone: [])
    let file = folder.url.appendingPathComponent(SolRecordFile.name)
    let written = try Data(contentsOf: file)
    #expect(written.count > 4 * 65_536)
    #expect(written == (try record.encoded()))
    #expect(written == (try SolRecord.makeEncoder().encode(record)))
    #expect(throws: EncodingError.self) {
      try SolRecordFile.update(
        in: folder.url, rover: "Curiosity", sol: 42, saved: [],
        gone: [.init(nasaID: "x", imgSrc: "y", since: .nan)])
    }
    #expect(try Data(contentsOf: file) == written)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [SolRecordFile.name])
  }

  /// A number JSON cannot hold is refused, as `JSONEncoder` refuses it, not written as text
  /// no reader accepts.
  @Test func aNumberThatIsNotFiniteIsRefused() {
    var record = SolRecord(rover: "Spirit", sol: 0)
    record.merge(saved: [], gone: [.init(nasaID: "x", imgSrc: "y", since: .infinity)])
    #expect(throws: EncodingError.self) { try record.encoded() }
  }

  /// Merging keeps one photo an id, a newly saved one over the one recorded and the later of
  /// two saved, sorted by camera then id; a photo saved again is no longer gone.
  @Test func aMergeKeepsOnePhotoAnIdTheNewestSorted() {
    func saved(_ index: Int, camera: String, source: String) -> SolRecord.SavedPhoto {
      var photo = SolRecord.SavedPhoto(self.photo(index))
      photo.nasaID = "N\(index)"
      photo.camera = camera
      photo.imgSrc = source
      return photo
    }
    var record = SolRecord(rover: "Curiosity", sol: 42)
    record.merge(
      saved: [saved(2, camera: "NAVCAM", source: "old"), saved(1, camera: "FHAZ", source: "old")],
      gone: [.init(nasaID: "N3", imgSrc: "g", since: 1)])
    record.merge(
      saved: [
        saved(3, camera: "FHAZ", source: "new"), saved(2, camera: "NAVCAM", source: "first"),
        saved(2, camera: "NAVCAM", source: "new"),
      ],
      gone: [])
    #expect(record.photos.map(\.nasaID) == ["N1", "N3", "N2"])
    #expect(record.photos.map(\.imgSrc) == ["old", "new", "new"])
    #expect(record.gone.isEmpty)
  }

  /// A run's results, kept as they came, are put in the photos' order in place.
  @Test func aPermutationPutsEachValueWhereItIsAsked() {
    for count in [0, 1, 2, 7, 100] {
      let values = (0..<count).map { "v\($0)" }
      for _ in 0..<20 {
        let source = Array((0..<count).shuffled())
        var permuted = values
        DownloadRun.permute(&permuted, from: source)
        #expect(permuted == source.map { values[$0] })
      }
    }
  }
}

/// One photo, one file: what a run saved stays, a copy of another size of a photo saved goes,
/// and anything else in the folder is left alone.
@Suite(.timeLimit(.minutes(3))) struct OtherCopiesTests {
  func perseverance(_ name: String) -> Photo {
    Photo(
      id: nil, sol: 100, earthDate: "2021-06-01",
      imgSrc: "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00100/ids/edr/"
        + "browse/ncam/\(name)",
      camera: Camera(name: "NAVCAM_LEFT"), rover: RoverReference(id: 8, name: "Perseverance"))
  }

  @Test func aCopyOfAnotherSizeGoesOnceTheNewOneIsSaved() throws {
    let scratch = try TemporaryFolder("other-copies")
    let layout = PhotoFileLayout(root: scratch.url)
    let kept = perseverance("NLF_0100_0675_1200.jpg")
    let download = PhotoDownload(kept, rover: "perseverance", layout: layout)
    let camera = (download.destinationPath as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(
      atPath: camera, withIntermediateDirectories: true)
    for name in ["NLF_0100_0675_1200.jpg", "NLF_0100_0675_320.jpg", "NLF_0200_9999_320.jpg"] {
      #expect(FileManager.default.createFile(atPath: camera + "/" + name, contents: Data([1])))
    }
    try SolRecordFile.record(
      [DownloadResult(download: download, status: .downloaded(bytes: 1))],
      rover: "perseverance", layout: layout)
    let left = try FileManager.default.contentsOfDirectory(atPath: camera).sorted()
    // The 320 px copy of the photo saved went; another photo's stays.
    #expect(left == ["NLF_0100_0675_1200.jpg", "NLF_0200_9999_320.jpg"])
    let record = try #require(
      SolRecordFile.read(in: layout.folder(rover: "perseverance", sol: 100)))
    #expect(record.photos.map(\.file) == ["NAVCAM_LEFT/NLF_0100_0675_1200.jpg"])
    #expect(record.photos.map(\.file) == [PhotoFileLayout.pathInSol(for: kept)])
  }

  @Test func aFolderOfNothingButWhatWasSavedIsLeftAsItIs() throws {
    let scratch = try TemporaryFolder("other-copies")
    let layout = PhotoFileLayout(root: scratch.url)
    let photos = ["NLF_0100_0675_1200.jpg", "NLF_0100_0676_1200.jpg"].map(perseverance)
    let downloads = photos.map { PhotoDownload($0, rover: "perseverance", layout: layout) }
    let camera = (downloads[0].destinationPath as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: camera, withIntermediateDirectories: true)
    for download in downloads {
      #expect(FileManager.default.createFile(atPath: download.destinationPath, contents: nil))
    }
    try SolRecordFile.record(
      downloads.map { DownloadResult(download: $0, status: .skipped) }, rover: "perseverance",
      layout: layout)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: camera).filter { !$0.hasPrefix(".") }
        .sorted() == ["NLF_0100_0675_1200.jpg", "NLF_0100_0676_1200.jpg"])
    #expect(POSIX.visibleNameCount(inFolder: camera) == 2)
    #expect(POSIX.visibleNameCount(inFolder: camera + "/none") == nil)
  }

  /// A download's path in its sol is read from its own path, and is what the photo gives;
  /// a path of another shape falls back to the photo's.
  @Test func aDownloadsPathInItsSolIsThePhotosOwn() throws {
    let layout = PhotoFileLayout(root: URL(fileURLWithPath: "/mirror"))
    let photo = perseverance("NLF_0100_0675_1200.jpg")
    let download = PhotoDownload(photo, rover: "perseverance", layout: layout)
    #expect(download.relativePath == "perseverance/100/NAVCAM_LEFT/NLF_0100_0675_1200.jpg")
    #expect(PhotoFileLayout.pathInSol(of: download) == PhotoFileLayout.pathInSol(for: photo))
    let odd = PhotoDownload(
      photo: photo, destinationPath: "/x/y.jpg", relativePath: "y.jpg", legacyPath: nil)
    #expect(PhotoFileLayout.pathInSol(of: odd) == "NAVCAM_LEFT/NLF_0100_0675_1200.jpg")
  }
}
