import Foundation
import TestSupport
import Testing

@testable import MarsCatalog

/// How a search reads the file: which index SQLite reads it by, from its own `EXPLAIN QUERY
/// PLAN`, and through what. The answers are the same either way (``CatalogSearchTests``), the
/// cost is not.
@Suite struct CatalogPlanTests {
  /// The plan's lines for counting `search`'s photos in the fixtures' catalogue.
  func plan(_ search: CatalogSearch) throws -> [String] {
    let folder = try TemporaryFolder()
    let catalog = try CatalogSearchTests.catalogue(in: folder)
    let (condition, values) = try catalog.resolvedCondition(
      search, missions: catalog.missionNames())
    return try catalog.connection.rows(
      "EXPLAIN QUERY PLAN SELECT count(*) FROM photos WHERE \(condition)", values
    ).compactMap { $0.last?.textValue }
  }

  @Test func aWindowThroughNorthOverManySolsIsReadByThePointingIndex() throws {
    var search = CatalogSearch()
    search.cameras = ["NAVCAM"]
    search.azimuth = .init(350, 20)
    search.sols = .init(0, 2000)
    let lines = try plan(search)
    // Each half of the window a seek into the pointing index, none a read of whole sols.
    #expect(lines.filter { $0.contains("USING INDEX photos_by_azimuth") }.count == 2, "\(lines)")
    #expect(!lines.contains { $0.contains("photos_by_instrument") }, "\(lines)")
  }

  @Test func aWindowOfTheDayWithinOneEraMayStillBeReadBySol() throws {
    var search = CatalogSearch()
    search.cameras = ["NAVCAM"]
    search.lmst = .init(17 * 3600, 19 * 3600)
    search.sols = .init(1000, 1001)
    // Two sols are fewer photos than an era's window: the sol index stays the planner's to use.
    let lines = try plan(search)
    #expect(lines.contains { $0.contains("sol>? AND sol<?") }, "\(lines)")
  }

  @Test func aReaderMapsTheFileAndTheWriterDoesNot() throws {
    let folder = try TemporaryFolder()
    let writer = try CatalogSearchTests.catalogue(in: folder)
    // A sync writes through SQLite's own cache, as it always has.
    #expect(try writer.connection.value("PRAGMA mmap_size").integerValue == 0)
    let reader = try Catalog(path: writer.path, writing: false)
    #expect(try reader.connection.value("PRAGMA mmap_size").integerValue ?? 0 > 0)
  }
}
