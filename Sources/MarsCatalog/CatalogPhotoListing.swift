import RoverAPI

/// The photos a search finds, as a sequence walked once for each pass a printing makes over
/// them (a table reads its rows twice: their widths, then its lines). A search may find every
/// photo of a mission, hundreds of thousands, so not all of them are held: up to
/// ``heldPhotos`` are read once and kept; past that, only the photos' numbers are kept, in
/// order (8 bytes each), and each pass reads the photos again by them, a few hundred at a
/// time, with nothing of the file mapped into memory. Memory then follows the numbers, not
/// the photos.
///
/// Walked within ``Catalog/reading(_:)``, every pass sees the catalogue as it was at the
/// first read, whatever a sync commits meanwhile. A read that fails ends its pass, and the
/// failure is kept in ``failure`` for the caller to report once the printing is done.
public final class CatalogPhotoListing: Sequence {
  /// How many photos are read once and held; a search finding more is read again by number.
  public static let heldPhotos = 50_000
  /// How many photos one read by number asks for.
  static let readTogether = 500

  private enum Rows {
    case held([Photo])
    case numbered([Int])
  }

  private let rows: Rows
  private let catalog: Catalog
  private let missions: [Int: String]
  /// What is listed of each photo read again: the photo as the first read listed it (a
  /// search near a place sets its place); `nil` lists it as read.
  private let keeping: ((Photo) -> Photo?)?
  /// Whether any photo has its source's number (`feed_id`): what a table's columns depend
  /// on, known without a pass over the photos.
  public let anyNumbered: Bool
  /// Whether the photos are of more than one mission, known as ``anyNumbered`` is.
  public let severalMissions: Bool
  /// The first read that failed, if one did; the pass it ended stopped short.
  public private(set) var failure: CatalogError?

  /// Photos held whole.
  init(held photos: [Photo], catalog: Catalog, missions: [Int: String]) {
    rows = .held(photos)
    self.catalog = catalog
    self.missions = missions
    keeping = nil
    anyNumbered = photos.anyNumbered
    severalMissions = photos.ofSeveralRovers
  }

  /// Photos read again, for each pass, by their numbers in `numbers`' order, each listed as
  /// `keeping` makes it.
  init(
    numbers: [Int], anyNumbered: Bool, severalMissions: Bool, catalog: Catalog,
    missions: [Int: String], keeping: ((Photo) -> Photo?)? = nil
  ) {
    rows = .numbered(numbers)
    self.catalog = catalog
    self.missions = missions
    self.keeping = keeping
    self.anyNumbered = anyNumbered
    self.severalMissions = severalMissions
  }

  /// How many photos a pass lists, known without one.
  public var count: Int {
    switch rows {
    case .held(let photos): photos.count
    case .numbered(let numbers): numbers.count
    }
  }

  /// Whether the photos are read again for each pass rather than held.
  public var isReadAgain: Bool {
    if case .numbered = rows { return true }
    return false
  }

  /// One pass over the photos.
  public struct Iterator: IteratorProtocol {
    private let listing: CatalogPhotoListing
    private var held: IndexingIterator<[Photo]>?
    private var reader: Catalog.PhotoReader?
    /// Where the next read by number starts, and the photos of the last read not yet handed
    /// out.
    private var start = 0
    private var read: IndexingIterator<[Photo]> = [].makeIterator()

    init(_ listing: CatalogPhotoListing) {
      self.listing = listing
      if case .held(let photos) = listing.rows { held = photos.makeIterator() }
    }

    /// The next photo of the pass; `nil` at its end, or where a read failed (``failure``).
    public mutating func next() -> Photo? {
      if held != nil { return held?.next() }
      guard case .numbered(let numbers) = listing.rows, listing.failure == nil else { return nil }
      while true {
        if let photo = read.next() { return photo }
        guard start < numbers.count else { return nil }
        let part = Array(numbers[start..<Swift.min(numbers.count, start + readTogether)])
        start += part.count
        do throws(CatalogError) {
          read = try listing.catalog.guarded { try photos(numbered: part) }.makeIterator()
        } catch {
          listing.failure = error
          return nil
        }
      }
    }

    /// The photos numbered `numbers`, in that order; a number no photo has any more is
    /// passed over.
    private mutating func photos(numbered numbers: [Int]) throws -> [Photo] {
      let catalog = listing.catalog
      let marks = Array(repeating: "?", count: numbers.count).joined(separator: ", ")
      let statement = try catalog.statement(
        "SELECT \(CatalogRow.selected), photos.id FROM photos WHERE photos.id IN (\(marks))",
        numbers.map { .integer($0) })
      let numberColumn = statement.columnCount - 1
      var reader = try self.reader ?? Catalog.PhotoReader(catalog, missions: listing.missions)
      defer { self.reader = reader }
      var found: [Int: Photo] = [:]
      while try statement.step() {
        guard let number = statement.value(at: numberColumn).integerValue else { continue }
        found[number] = try reader.photo(statement.row())
      }
      let listed = numbers.compactMap { found[$0] }
      return listing.keeping.map { listed.compactMap($0) } ?? listed
    }
  }

  /// A pass over the photos, from the first.
  public func makeIterator() -> Iterator { Iterator(self) }
}

extension Catalog {
  /// The photos `search` finds, in its order, to be walked as often as a printing needs:
  /// held when they number up to `held`, else read again by number on each pass (see
  /// ``CatalogPhotoListing``). Made and walked within ``reading(_:)``.
  public func listing(
    _ search: CatalogSearch, held: Int = CatalogPhotoListing.heldPhotos
  ) throws(CatalogError) -> CatalogPhotoListing {
    try guarded {
      let missions = try missionNames()
      let resolved = try resolved(search, missions: missions)
      // A search for the newest few reads them from the newest sols alone.
      if (search.limit ?? .max) <= held,
        let newest = try newestFirst(search, missions: missions, resolved: resolved)
      {
        return CatalogPhotoListing(held: newest, catalog: self, missions: missions)
      }
      let whole = try query(search, missions: missions, resolved: resolved)
      var reader = try PhotoReader(self, missions: missions)
      let statement = try connection.prepare(whole.sql, whole.values)
      var photos: [Photo] = []
      while photos.count <= held, try statement.step() {
        photos.append(try reader.photo(statement.row()))
      }
      guard photos.count > held else {
        return CatalogPhotoListing(held: photos, catalog: self, missions: missions)
      }
      statement.reset()
      // Too many to hold: their numbers, in the search's order (a random pick made once),
      // and from here on the file read a page at a time, not mapped, so that what is read
      // does not stay in memory.
      try connection.execute("PRAGMA mmap_size = 0")
      let numbers = try query(search, missions: missions, resolved: resolved, numbersOnly: true)
      let numbered = try connection.prepare(numbers.sql, numbers.values)
      var found: [Int] = []
      var (anyNumbered, firstMission, severalMissions) = (false, Int?.none, false)
      while try numbered.step() {
        guard let number = numbered.value(at: 0).integerValue else { continue }
        found.append(number)
        let mission = numbered.value(at: 1).integerValue
        severalMissions = severalMissions || (firstMission ?? mission) != mission
        firstMission = firstMission ?? mission
        anyNumbered = anyNumbered || numbered.value(at: 2).integerValue == 1
      }
      return CatalogPhotoListing(
        numbers: found, anyNumbered: anyNumbered, severalMissions: severalMissions,
        catalog: self, missions: missions)
    }
  }

  /// The photos `search` finds that `keeping` keeps, as it makes them, in the search's order:
  /// the first `limit` of them, or `random` of them picked once. Read in one pass, held up to
  /// `held` and past that kept by number, as ``listing(_:held:)`` keeps them. The search
  /// itself has no limit: `keeping` decides which photos count towards it.
  func listing(
    _ search: CatalogSearch, keeping: @escaping (Photo) -> Photo?, limit: Int?, random: Int?,
    held: Int
  ) throws(CatalogError) -> CatalogPhotoListing {
    // The photos kept while they are few enough to hold; each one's number, rover (by its
    // place in `rovers`) and whether it has its feed's number, all the way.
    var photos: [Photo]? = []
    var kept: [(number: Int, rover: Int32, numbered: Bool)] = []
    var rovers: [String: Int32] = [:]
    let missions = try eachPhoto(search, keeping: keeping) { number, photo in
      let rover = rovers[photo.rover.name] ?? Int32(rovers.count)
      rovers[photo.rover.name] = rover
      kept.append((number, rover, photo.id != nil))
      photos?.append(photo)
      if kept.count > held { photos = nil }
      return random != nil || kept.count < limit ?? .max
    }
    if let random {
      let picked = kept.indices.shuffled().prefix(random)
      photos = photos.map { photos in picked.map { photos[$0] } }
      kept = picked.map { kept[$0] }
    }
    if let photos {
      return CatalogPhotoListing(held: photos, catalog: self, missions: missions)
    }
    return CatalogPhotoListing(
      numbers: kept.map(\.number), anyNumbered: kept.contains { $0.numbered },
      severalMissions: Set(kept.map(\.rover)).count > 1, catalog: self, missions: missions,
      keeping: keeping)
  }

  /// Reads the photos `search` finds, in its order, and gives `body` each one `keeping`
  /// keeps, as it makes it, with its number, while `body` says to go on. Every photo of the
  /// search may be read, so none of the file stays mapped. Returns the missions' names.
  @discardableResult
  func eachPhoto(
    _ search: CatalogSearch, keeping: (Photo) -> Photo?,
    _ body: (_ number: Int, _ photo: Photo) -> Bool
  ) throws(CatalogError) -> [Int: String] {
    try guarded {
      let missions = try missionNames()
      let resolved = try resolved(search, missions: missions)
      try connection.execute("PRAGMA mmap_size = 0")
      let whole = try query(search, missions: missions, resolved: resolved, numbered: true)
      let statement = try connection.prepare(whole.sql, whole.values)
      let numberColumn = statement.columnCount - 1
      var reader = try PhotoReader(self, missions: missions)
      while try statement.step() {
        let row = statement.row()
        guard let number = row[numberColumn].integerValue,
          let photo = keeping(try reader.photo(row))
        else { continue }
        guard body(number, photo) else { break }
      }
      return missions
    }
  }

  /// Runs `body` in one read transaction: every read in it sees the catalogue as the first
  /// one did, whatever a sync commits meanwhile.
  public func reading<Result>(_ body: () throws -> Result) throws -> Result {
    try guarded { try connection.execute("BEGIN") }
    defer { try? connection.execute("COMMIT") }
    return try body()
  }

  /// ``reading(_:)`` for work that waits between reads (saving the photos found, a part at a
  /// time): the catalogue stays as the first read saw it until `body` returns, while a sync
  /// goes on committing beside it.
  public func reading<Result>(_ body: () async throws -> Result) async throws -> Result {
    try guarded { try connection.execute("BEGIN") }
    defer { try? connection.execute("COMMIT") }
    return try await body()
  }
}
