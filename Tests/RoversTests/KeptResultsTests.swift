import CommandRuntime
import Foundation
import MarsMirror
import RoverAPI
import Testing

/// A run's results kept as they end: only those the end of the run reads one by one, every
/// one counted.
@Suite struct KeptResultsTests {
  /// One result of each way a download ends, in this order.
  static let ended: [DownloadResult] = {
    let layout = PhotoFileLayout(root: URL(fileURLWithPath: "/nowhere"))
    let statuses: [DownloadResult.Status] = [
      .downloaded(bytes: 1), .skipped, .failed(URLError(.timedOut)),
      .gone(URLError(.fileDoesNotExist)), .downloaded(bytes: 2),
    ]
    return statuses.enumerated().map { index, status in
      let photo = Photo(
        id: index, sol: 1, earthDate: "2020-01-01", imgSrc: "https://mars.nasa.gov/p\(index).jpg",
        camera: Camera(name: "NAVCAM"), rover: RoverReference(id: 5, name: "Curiosity"))
      return DownloadResult(
        download: PhotoDownload(photo, rover: "curiosity", layout: layout), status: status)
    }
  }()

  @Test(arguments: [
    (KeptResults.Keeping.all, [0, 1, 2, 3, 4]), (.saved, [0, 2, 3, 4]), (.failures, [2, 3]),
  ])
  func keepsWhatTheEndOfTheRunReads(_ keeping: KeptResults.Keeping, _ expected: [Int]) {
    let kept = KeptResults(keeping)
    for result in Self.ended { kept.add(result) }
    #expect(kept.count == Self.ended.count)
    #expect(kept.kept.map { $0.download.photo.id } == expected)
  }
}
