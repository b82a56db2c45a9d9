import Foundation
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

/// A run too long to hold is planned a part at a time: each part ends at the first new sol
/// past its size, and the parts together plan what the whole list plans.
@Suite struct DownloadPartsTests {
  let layout = PhotoFileLayout(root: URL(fileURLWithPath: "/nowhere"))

  /// `count` photos of `rover`'s `sol`, named apart.
  func photos(_ count: Int, sol: Int, rover: String = "Curiosity") -> [Photo] {
    (0..<count).map { index in
      Photo(
        id: sol * 100 + index, sol: sol, earthDate: "2020-01-01",
        imgSrc: "https://mars.nasa.gov/\(rover)/\(sol)/N\(sol)_\(index).JPG",
        camera: Camera(name: "NAVCAM"), rover: RoverReference(id: 5, name: rover))
    }
  }

  @Test func aPartEndsAtTheFirstNewSolPastItsSize() {
    let listed =
      photos(2, sol: 1) + photos(3, sol: 2) + photos(1, sol: 3) + photos(4, sol: 4)
      + photos(2, sol: 4, rover: "Perseverance")
    let parts = Array(DownloadParts(listed, layout: layout, photosAPart: 4))
    // 2 + 3 reach 4 within sol 2, which is kept whole; sol 3 and 4 reach it within sol 4;
    // the same sol number of another rover is another sol.
    #expect(parts.map(\.count) == [5, 5, 2])
    #expect(parts.map { Set($0.map(\.photo.sol)) } == [[1, 2], [3, 4], [4]])
    let whole = MissionDownloads.downloads(of: listed, layout: layout)
    #expect(parts.joined().map(\.relativePath) == whole.map(\.relativePath))
    // Walked again, the same parts.
    #expect(Array(DownloadParts(listed, layout: layout, photosAPart: 4)).map(\.count) == [5, 5, 2])
  }

  @Test func aPhotoListedTwiceInASolIsPlannedOnce() {
    let sol = photos(3, sol: 7)
    let parts = Array(DownloadParts(sol + [sol[1]], layout: layout, photosAPart: 2))
    #expect(parts.map(\.count) == [3])
    #expect(Array(DownloadParts([Photo](), layout: layout)).isEmpty)
  }
}
