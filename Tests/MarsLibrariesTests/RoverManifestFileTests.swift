import Foundation
import RoverAPI
import TestSupport
import Testing

@testable import MarsGallery

/// The manifest a folder keeps for its gallery's timeline.
struct RoverManifestFileTests {
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Written straight from the values, the file is byte for byte what `JSONEncoder` wrote for
  /// it, so files written before and after read the same.
  @Test func theFileIsTheBytesJSONEncoderWrites() throws {
    let data = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent("api/manifests/curiosity.json"))
    let wrapped = try JSONDecoder().decode([String: PhotoManifest].self, from: data)
    let real = try #require(wrapped["photo_manifest"])
    #expect(real.photos.count > 1_000)
    var odd = PhotoManifest(
      name: "Rover \"one\"/\u{2028}\u{1}\u{7f} \u{1F680}", landingDate: "2012-08-06",
      launchDate: "", status: "a\\b\nc", maxSol: 0, maxDate: "x/y", totalPhotos: -1,
      photos: [
        ManifestEntry(sol: 0, earthDate: "", totalPhotos: 0, cameras: []),
        ManifestEntry(sol: 5, earthDate: "2012-08-11", totalPhotos: 3, cameras: ["A", "\"B\""]),
      ])
    odd.coverage = "never in the file"
    let empty = PhotoManifest(
      name: "", landingDate: "", launchDate: "", status: "", maxSol: 0, maxDate: "",
      totalPhotos: 0, photos: [])
    for manifest in [real, odd, empty] {
      #expect(RoverManifestFile.encoded(manifest) == Array(try Self.encoder().encode(manifest)))
    }
  }

  /// Merged into a folder, the kept manifest reads back with every sol of each run.
  @Test func aMergeKeepsTheSolsOfEachRun() throws {
    let folder = try TemporaryFolder()
    func manifest(_ sols: [Int], maxSol: Int) -> PhotoManifest {
      PhotoManifest(
        name: "Curiosity", landingDate: "2012-08-06", launchDate: "2011-11-26",
        status: "active", maxSol: maxSol, maxDate: "2024-01-01", totalPhotos: 9,
        photos: sols.map {
          ManifestEntry(sol: $0, earthDate: "2012-08-\($0)", totalPhotos: $0, cameras: ["NAVCAM"])
        })
    }
    try RoverManifestFile.merge(manifest([3, 1], maxSol: 30), into: folder.url)
    try RoverManifestFile.merge(manifest([2, 3], maxSol: 20), into: folder.url)
    let kept = try #require(RoverManifestFile.read(in: folder.url))
    #expect(kept.photos.map(\.sol) == [1, 2, 3])
    #expect(kept.maxSol == 30)
  }
}
