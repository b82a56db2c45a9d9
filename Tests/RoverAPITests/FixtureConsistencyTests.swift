import Foundation
import TestSupport
import Testing

@testable import RoverAPI

/// The served fixtures agree with each other the way a real server's data does.
@Suite(.timeLimit(.minutes(3))) struct FixtureConsistencyTests {
  let rovers: [Rover]

  init() throws {
    rovers = try Endpoints.rovers().decode(FixtureFiles.data("api/rovers.json"))
  }

  @Test func listHasFourRoversWithManifestsThatMatch() throws {
    #expect(rovers.map(\.name) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    for rover in rovers {
      let manifest = try Endpoints.manifest(rover: rover.name).decode(
        FixtureFiles.data("api/manifests/\(rover.name.lowercased()).json"))
      #expect(manifest.maxSol == rover.maxSol)
      #expect(manifest.maxDate == rover.maxDate)
      #expect(manifest.totalPhotos == rover.totalPhotos)
      #expect(manifest.photos.map(\.totalPhotos).reduce(0, +) == rover.totalPhotos)
      #expect(manifest.photos.map(\.sol) == manifest.photos.map(\.sol).sorted())
      #expect(
        manifest.entry(forSol: rover.maxSol) != nil, "\(rover.name) has photos on its last sol")
    }
  }

  @Test func everyPhotoFileMatchesItsManifestEntry() throws {
    let folder = PackagePaths.fixtures.appendingPathComponent("api/photos")
    let files = FixtureFiles.jsonFiles(in: folder)
    #expect(files.count >= 9)
    for file in files {
      let rover = file.deletingLastPathComponent().lastPathComponent
      let sol = try #require(Int(file.deletingPathExtension().lastPathComponent))
      let manifest = try Endpoints.manifest(rover: rover).decode(
        FixtureFiles.data("api/manifests/\(rover).json"))
      let photos = try Endpoints.photos(rover: rover, on: .sol(sol)).decode(Data(contentsOf: file))
        .photos
      let entry = try #require(manifest.entry(forSol: sol), "\(rover) sol \(sol)")
      #expect(photos.count == entry.totalPhotos, "\(rover) sol \(sol)")
      #expect(Set(photos.map(\.camera.name)) == Set(entry.cameras), "\(rover) sol \(sol)")
      #expect(photos.allSatisfy { $0.sol == sol && $0.earthDate == entry.earthDate })
    }
  }

  @Test func photoIdsAreUniqueAcrossFiles() throws {
    let files = FixtureFiles.jsonFiles(
      in: PackagePaths.fixtures.appendingPathComponent("api/photos"))
    var ids: [Int] = []
    for file in files {
      ids += try Endpoints.photos(rover: "x", on: .sol(0)).decode(Data(contentsOf: file)).photos
        .compactMap(\.id)
    }
    #expect(Set(ids).count == ids.count)
  }
}
