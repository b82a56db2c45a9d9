import Foundation
import MarsCatalog
import MarsFetching
import RoverAPI
import TestSupport
import Testing

/// A search's photos walked as a printing walks them: held when few, read again by number
/// when more than the listing holds, and the same photos in the same order either way, on
/// every pass.
@Suite struct CatalogPhotoListingTests {
  /// Searches of many photos and of few, in each order and through the text.
  static var searches: [CatalogSearch] {
    var all = CatalogSearch()
    all.sols = .init(0, nil)
    var newest = CatalogSearch()
    newest.order = .newest
    newest.limit = 40
    var navcams = CatalogSearch()
    navcams.cameras = ["NAVCAM"]
    navcams.rovers = ["curiosity"]
    var words = CatalogSearch()
    words.words = CatalogSearch.words(in: "sol")
    return [all, newest, navcams, words]
  }

  @Test func photosReadAgainByNumberAreThePhotosASearchFinds() throws {
    let folder = try TemporaryFolder()
    let catalog = try CatalogSearchTests.catalogue(in: folder)
    for search in Self.searches {
      let expected = try catalog.photos(search)
      #expect(expected.count > 8, "the search finds more than the listing below holds")
      try catalog.reading {
        let listing = try catalog.listing(search, held: 8)
        #expect(listing.isReadAgain)
        let first = Array(listing)
        #expect(first.map(\.nasaID) == expected.map(\.nasaID))
        // Whole photos, not only their names: each field read back as the listing held it.
        #expect(first.map(\.details) == expected.map(\.details))
        #expect(first.map(\.imgSrc) == expected.map(\.imgSrc))
        #expect(Array(listing).map(\.nasaID) == first.map(\.nasaID), "a second pass")
        #expect(listing.failure == nil)
        #expect(listing.anyNumbered == expected.contains { $0.id != nil })
        #expect(
          listing.severalMissions
            == (Set(expected.map(\.rover.name)).count > 1))
      }
      let held = try catalog.reading { try catalog.listing(search) }
      #expect(!held.isReadAgain)
      #expect(Array(held).map(\.nasaID) == expected.map(\.nasaID))
    }
  }

  @Test func everyPassSeesTheCatalogueAsTheFirstDidWhileASyncWrites() throws {
    let folder = try TemporaryFolder()
    // A reader beside the writer a sync holds.
    let writer = try CatalogSearchTests.catalogue(in: folder)
    let catalog = try Catalog(
      path: folder.url.appendingPathComponent("catalog.sqlite").path, writing: false)
    var search = CatalogSearch()
    search.rovers = ["curiosity"]
    let (sol, listed) = try catalog.reading {
      let listing = try catalog.listing(search, held: 8)
      let first = Array(listing)
      let sol = try #require(first.first?.sol)
      // Another connection empties the first photo's sol, and commits, between two passes.
      try writer.write(sol: sol, of: "curiosity", photos: [], at: "2026-12-03T00:00:00Z")
      #expect(Array(listing).map(\.nasaID) == first.map(\.nasaID))
      return (sol, first.count)
    }
    // Read afresh, the sol is empty.
    let after = try catalog.reading { Array(try catalog.listing(search, held: 8)) }
    #expect(!after.contains { $0.sol == sol })
    #expect(after.count < listed)
  }

  @Test func aRandomPickReadAgainIsTheSamePickOnEveryPass() throws {
    let folder = try TemporaryFolder()
    let catalog = try CatalogSearchTests.catalogue(in: folder)
    var search = CatalogSearch()
    search.random = 30
    let every = Set(try catalog.photos(CatalogSearch()).map(\.nasaID))
    try catalog.reading {
      let listing = try catalog.listing(search, held: 8)
      #expect(listing.isReadAgain)
      let first = Array(listing).map(\.nasaID)
      #expect(first.count == 30)
      #expect(Set(first).count == 30)
      #expect(Set(first).isSubset(of: every))
      #expect(Array(listing).map(\.nasaID) == first)
    }
  }

  /// The fixtures' traverses, by lower-case name, as `--near` reads them.
  static func traverses() throws -> [String: Traverse] {
    let files = ["perseverance": "M20", "curiosity": "MSL"]
    return try files.mapValues { prefix in
      let data = try Data(
        contentsOf: PackagePaths.fixtures.appendingPathComponent(
          "nasa/waypoints/\(prefix)_waypoints.json"))
      return Traverse(rover: prefix, file: try WaypointFile.scanning(data))
    }
  }

  @Test func photosNearAPlaceReadAgainByNumberAreThePhotosNearItPlaced() throws {
    let folder = try TemporaryFolder()
    let catalog = try CatalogSearchTests.catalogue(in: folder)
    let traverses = try Self.traverses()
    let area = NearbyArea(latitude: 18.44478, longitude: 77.45109, radius: 500)
    // A direct filter over every photo the catalogue lists, in its order.
    let near = try catalog.photos(CatalogSearch()).compactMap { photo -> Photo? in
      guard let place = traverses[photo.rover.name.lowercased()]?.place(of: photo),
        area.contains(place)
      else { return nil }
      var placed = photo
      placed.details.place = place
      return placed
    }
    #expect(near.count > 8, "more than the listing below holds")
    #expect(near.count < CatalogSearchTests.photos.count / 2)
    try catalog.reading {
      for held in [8, CatalogPhotoListing.heldPhotos] {
        let listing = try catalog.listing(CatalogSearch(), within: area, on: traverses, held: held)
        #expect(listing.isReadAgain == (held == 8))
        #expect(listing.count == near.count)
        for _ in 0..<2 {
          let listed = Array(listing)
          #expect(listed.map(\.nasaID) == near.map(\.nasaID))
          #expect(listed.map(\.details.place) == near.map(\.details.place), "each one placed")
        }
        #expect(listing.anyNumbered == near.anyNumbered)
        #expect(listing.severalMissions == near.ofSeveralRovers)
        #expect(listing.failure == nil)
      }
      // Counted by camera as they are read, none held: the photos near, by camera.
      let byCamera = try catalog.counts(CatalogSearch(), within: area, on: traverses, by: .camera)
      #expect(
        Dictionary(uniqueKeysWithValues: byCamera.map { ($0.key, $0.count) })
          == Dictionary(grouping: near, by: \.camera.name).mapValues(\.count))
      #expect(byCamera.map(\.key) == byCamera.map(\.key).sorted())
      // A limit and a random pick are of the photos near, not of those read.
      var first = CatalogSearch()
      first.limit = 10
      let limited = try catalog.listing(first, within: area, on: traverses, held: 8)
      #expect(Array(limited).map(\.nasaID) == near.prefix(10).map(\.nasaID))
      var pick = CatalogSearch()
      pick.random = 9
      let picked = try catalog.listing(pick, within: area, on: traverses, held: 8)
      let once = Array(picked).map(\.nasaID)
      #expect(once.count == 9 && Set(once).isSubset(of: near.map(\.nasaID)))
      #expect(Array(picked).map(\.nasaID) == once, "the same pick on every pass")
    }
  }
}
