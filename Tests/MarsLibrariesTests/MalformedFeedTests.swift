import Foundation
import MarsCatalog
import PlainText
import RoverAPI
import TestSupport
import Testing

/// Arbitrary bytes from NASA's feeds never crash the tool: each page decodes or is a clean,
/// one-line error, and whatever decodes goes on to photos and to catalogue rows (the season,
/// the time of day, the sizes and the text templates made of its values) without a trap.
@Suite(.timeLimit(.minutes(3))) struct MalformedFeedTests {
  /// Real pages of both feeds, mangled: the raw-image items of Curiosity and InSight, and
  /// Mars 2020 pages, one of them the last and empty.
  static let bodies: [Data] = {
    let names = [
      "msl_sol86_items_16.json", "insight_sol190_item_1.json", "m20_sol888_navcamleft_13.json",
      "m20_page_latest_num3_sol1965_2026-08-30.json", "m20_empty_no_more_images.json",
    ]
    let seeds = names.compactMap {
      try? Data(contentsOf: PackagePaths.fixtures.appendingPathComponent("real-nasa/\($0)"))
    }
    guard seeds.count == names.count else { return [] }
    return MangledBodies.make(from: seeds, count: 1500)
  }()

  @Test func everyFeedPageDecodesOrFailsCleanlyAndWhatDecodesMakesRows() async throws {
    let bodies = Self.bodies
    try #require(!bodies.isEmpty, "the real feed pages are missing from Fixtures/real-nasa")
    let curiosity = try #require(FeedRover.all.first { $0.name == "Curiosity" })
    let perseverance = try #require(FeedRover.all.first { $0.name == "Perseverance" })
    var refused = 0
    var decoded = 0
    var rows = 0
    for (index, body) in bodies.enumerated() {
      let client = APIClient(
        baseURL: URL(string: "http://example.test")!, retryPolicy: .never,
        transport: ClosureTransport { _ in HTTPResponse(status: 200, body: body) })
      // Each feed's reader, from the page to the photos it lists.
      let readers: [@Sendable () async throws -> [Photo]] = [
        {
          FeedMapping.photos(
            try await client.send(FeedEndpoints.curiosity(sol: 86, page: 0)).items,
            rover: curiosity, keeping: CatalogSync.sampleTypes)
        },
        {
          FeedMapping.photos(
            try await client.send(FeedEndpoints.perseverance(sol: 888, page: 0)).images,
            rover: perseverance, keeping: CatalogSync.sampleTypes)
        },
      ]
      var photos: [Photo] = []
      for read in readers {
        do {
          photos += try await read()
          decoded += 1
        } catch {
          refused += 1
          Self.expectOneLine(error, index)
        }
      }
      // What a catalogue sync makes of a sol's photos, whatever values they hold.
      let prepared = Catalog.PreparedSol(Catalog.SolPhotos(sol: 86, photos: photos))
      #expect(prepared.count == photos.count)
      rows += prepared.count
    }
    // Most mangled pages must be refused, and some must still decode: a scanner that
    // accepted anything, or nothing, would fail here.
    #expect(refused > bodies.count / 2, "\(refused) refused of \(bodies.count * 2)")
    #expect(decoded > bodies.count / 8, "\(decoded) decoded of \(bodies.count * 2)")
    // The pages that decode still hold records, odd values and all, made into rows.
    #expect(rows > bodies.count, "\(rows) rows")
  }

  /// A refusal is the API's undecodable error, in one short line.
  static func expectOneLine(_ error: any Error, _ index: Int) {
    guard let error = error as? APIError, case .undecodable = error else {
      Issue.record("body \(index): \(error)")
      return
    }
    let message = error.description
    #expect(!message.contains("\n") && message.count < 300, "body \(index): \(message)")
  }
}
