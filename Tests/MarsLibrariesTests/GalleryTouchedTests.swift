import Foundation
import Testing

@testable import MarsGallery
@testable import MarsMirror
@testable import RoverAPI

/// What a run's downloads touched, gathered as each one ends: every sol noted, and a sol's
/// feed entry counting every photo saved while keeping only those it shows.
@Suite struct GalleryTouchedTests {
  let layout = PhotoFileLayout(root: URL(fileURLWithPath: "/nowhere"))

  /// The result of photo `index` of Curiosity's `sol`, of `camera`, ended as `status`.
  func result(
    _ index: Int, sol: Int, camera: String, _ status: DownloadResult.Status
  ) -> DownloadResult {
    let photo = Photo(
      id: sol * 100 + index, sol: sol, earthDate: "2020-01-01",
      imgSrc: "https://mars.nasa.gov/\(sol)/\(camera)_\(index).JPG",
      camera: Camera(name: camera), rover: RoverReference(id: 5, name: "Curiosity"))
    return DownloadResult(
      download: PhotoDownload(photo, rover: "curiosity", layout: layout), status: status)
  }

  @Test func aSolsEntryCountsEveryPhotoSavedAndKeepsOnlyThoseItShows() throws {
    let saved = (0..<10).map {
      result($0, sol: 5, camera: $0 % 3 == 2 ? "FHAZ" : "NAVCAM", .downloaded(bytes: 1))
    }
    let others = [
      result(0, sol: 6, camera: "NAVCAM", .skipped),
      result(1, sol: 7, camera: "NAVCAM", .failed(URLError(.timedOut))),
    ]
    let touched = GalleryUpkeep.Touched(saved + others)
    // Every sol a download ended in is rewritten; only the saved ones are announced.
    #expect(touched.sols == ["curiosity": [5, 6, 7]])
    let additions = touched.additions { _ in "Curiosity" }
    let addition = try #require(additions.first)
    #expect(additions.count == 1 && addition.rover == "Curiosity" && addition.sol == 5)
    #expect(addition.count == 10 && addition.cameraCounts == ["NAVCAM": 7, "FHAZ": 3])
    #expect(addition.photos.count == FeedEntry.shownPhotos)
    #expect(
      addition.photos.map(\.shown.file)
        == saved.prefix(FeedEntry.shownPhotos).map(\.download.relativePath))
    var log = FeedLog(host: nil, now: Date(timeIntervalSince1970: 0))
    log.add(additions, at: Date(timeIntervalSince1970: 60))
    let entry = try #require(log.entries.first)
    #expect(entry.count == 10 && entry.photos.count == FeedEntry.shownPhotos)
    #expect(entry.cameras.map(\.camera) == ["NAVCAM", "FHAZ"])
    #expect(entry.cameras.map(\.count) == [7, 3])
  }
}
