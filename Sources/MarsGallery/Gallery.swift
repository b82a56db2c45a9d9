import MarsFetching
import MarsMirror
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A folder's gallery: `DIR/index.html` and a page per sol, `DIR/<rover>/<sol>/index.html`,
/// built from the folder alone (each sol's record, or the file names when there is none) with
/// no request.
///
/// Every page is written to a temporary file and renamed into place, so a browser open on the
/// gallery never reads half a page. An update rewrites only the sols a run touched, their
/// neighbours (whose links change) and the front page.
public struct Gallery: Sendable {
  /// The folder.
  public var root: URL
  /// Where the gallery is served, ending in `/` (`--gallery-url`): the feed's links are
  /// absolute under it; without it they are relative to the feed's own address.
  public var baseURL: String?

  /// The gallery of the folder at `root`, served at `baseURL` when it is given.
  public init(root: URL, baseURL: String? = nil) {
    self.root = root
    self.baseURL = baseURL
  }

  static let summaryName = ".rovers-gallery.json"
  /// The front page's name, and every sol page's.
  public static let indexName = "index.html"
  /// The most photos the front page shows of a rover.
  static let stripLength = 8
  static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp"]

  /// Whether the folder has a gallery to keep current: an `index.html` the gallery wrote (a
  /// page of the user's is no gallery, and is never written over).
  public var exists: Bool {
    let index = root.appendingPathComponent(Self.indexName).path
    return FileManager.default.fileExists(atPath: index) && Self.isOwnPage(index)
  }

  /// The mark every page of the gallery carries in its head.
  static let marker = #"<meta name="generator" content="rovers" />"#

  /// Whether the file at `path` is absent or a page the gallery wrote.
  static func isOwnPage(_ path: String) -> Bool {
    guard FileManager.default.fileExists(atPath: path) else { return true }
    // The marker sits in the head, well within the first few kilobytes.
    guard let start = POSIX.readStart(ofFile: path, upTo: 4096) else { return false }
    return String(decoding: start, as: UTF8.self).contains(marker)
  }

  /// What a build found.
  public struct Totals: Equatable, Sendable {
    /// How many rovers have photos.
    public var rovers = 0
    /// How many sols.
    public var sols = 0
    /// How many photos.
    public var photos = 0
  }

  /// Builds every page anew.
  @discardableResult
  public func build() throws -> Totals {
    // Checked before any page is written: a folder with a page of the user's gets none.
    let index = root.appendingPathComponent(Self.indexName)
    guard Self.isOwnPage(index.path) else { throw Self.foreign(index) }
    var totals = Totals()
    // Each rover's traverse, read once: for its photos' places and for its map.
    var traverses: [String: Traverse] = [:]
    for folder in try subfolders(of: root) {
      let roverFolder = root.appendingPathComponent(folder)
      let sols = try subfolders(of: roverFolder).compactMap(Int.init).sorted()
      var counts: [Int: Int] = [:]
      var dates: [Int: String] = [:]
      var name: String?
      var pages: [(Int, String, [PhotoTile], SolRecord?)] = []
      let traverse = TraverseFile.read(in: roverFolder)
      traverses[folder] = traverse
      for sol in sols {
        let (recorded, tiles, record) = Self.tiles(
          in: roverFolder.appendingPathComponent(String(sol)), sol: sol, traverse: traverse)
        guard !tiles.isEmpty else { continue }
        name = name ?? recorded
        counts[sol] = tiles.count
        dates[sol] = Self.earthDate(of: tiles)
        pages.append((sol, recorded ?? "", tiles, record))
      }
      guard !counts.isEmpty else { continue }
      let roverName = name ?? Self.displayName(folder, roverFolder)
      let ordered = counts.keys.sorted()
      for (index, page) in pages.enumerated() {
        try writePage(
          roverFolder, roverName, sol: page.0, tiles: page.2, record: page.3,
          previous: index > 0 ? ordered[index - 1] : nil,
          next: index + 1 < ordered.count ? ordered[index + 1] : nil)
      }
      try writeSummary(
        GallerySummary(name: roverName, sols: Self.keyed(counts), dates: Self.keyed(dates)),
        roverFolder)
      totals.rovers += 1
      totals.sols += counts.count
      totals.photos += counts.values.reduce(0, +)
    }
    try writeIndex(traverses: traverses)
    // A new feed starts with each rover's latest sol; one kept goes on as it is.
    var seed: [FeedAddition] = []
    let log = FeedLog.read(in: root)
    if log == nil {
      for folder in try subfolders(of: root) {
        let roverFolder = root.appendingPathComponent(folder)
        guard let summary = Self.summary(in: roverFolder), let latest = summary.counts.keys.max()
        else { continue }
        let tiles = Self.tiles(in: roverFolder.appendingPathComponent(String(latest)), sol: latest)
        seed.append(Self.addition(summary.name, folder, latest, tiles.tiles))
      }
    }
    try announce(seed, log: log)
    return totals
  }

  /// Adds an entry to the feed for each rover's sol that `additions` brought photos to, and
  /// writes the feed (whole, or not at all) with the entries it keeps.
  public func announce(_ additions: [FeedAddition], at now: Date = Date()) throws {
    try announce(additions, log: FeedLog.read(in: root), at: now)
  }

  /// ``announce(_:at:)`` onto `log`, the folder's log already read (`nil`: a new feed).
  private func announce(_ additions: [FeedAddition], log kept: FeedLog?, at now: Date = Date())
    throws
  {
    var log = kept ?? FeedLog(host: baseURL.flatMap { URL(string: $0)?.host }, now: now)
    log.add(additions, at: now)
    try log.write(in: root)
    let feed = AtomFeed(log: log, base: baseURL, now: now)
    try AtomicFile.write(
      Data(feed.render().utf8), to: root.appendingPathComponent(AtomFeed.name), durable: false)
  }

  /// The feed's addition of a sol's photos, from its tiles.
  static func addition(_ rover: String, _ folder: String, _ sol: Int, _ tiles: [PhotoTile])
    -> FeedAddition
  {
    FeedAddition(
      rover: rover, folder: folder, sol: sol,
      photos: tiles.map { tile in
        FeedAddition.Saved(
          camera: tile.camera,
          shown: FeedEntry.Photo(
            file: "\(folder)/\(sol)/\(tile.picture)", title: tile.nasaID, caption: nil,
            credit: nil))
      })
  }

  /// The name a rover's folder shows in the gallery.
  public func roverName(_ folder: String) -> String {
    let roverFolder = root.appendingPathComponent(folder)
    return Self.summary(in: roverFolder)?.name ?? Self.displayName(folder, roverFolder)
  }

  /// Rewrites the pages of `sols` of the rover in `folder`, their neighbours' and the front
  /// page: what `download` and `sync` do once a gallery exists.
  public func update(rover folder: String, sols touched: Set<Int>) throws {
    let roverFolder = root.appendingPathComponent(folder)
    guard let summary = Self.summary(in: roverFolder) else {
      try build()
      return
    }
    var counts = summary.counts
    var dates = summary.earthDates
    var name = summary.name
    var tilesBySol: [Int: (tiles: [PhotoTile], record: SolRecord?)] = [:]
    let traverse = TraverseFile.read(in: roverFolder)
    for sol in touched {
      let (recorded, tiles, record) = Self.tiles(
        in: roverFolder.appendingPathComponent(String(sol)), sol: sol, traverse: traverse)
      if let recorded { name = recorded }
      counts[sol] = tiles.isEmpty ? nil : tiles.count
      dates[sol] = Self.earthDate(of: tiles)
      tilesBySol[sol] = (tiles, record)
    }
    let ordered = counts.keys.sorted()
    var pages = Set(touched.filter { counts[$0] != nil })
    for sol in touched {
      // The sols on either side of a new one link to it now.
      let index = ordered.firstIndex { $0 >= sol } ?? ordered.count
      if index > 0 { pages.insert(ordered[index - 1]) }
      if let next = ordered.first(where: { $0 > sol }) { pages.insert(next) }
    }
    for sol in pages.sorted() {
      let page =
        tilesBySol[sol]
        ?? {
          let read = Self.tiles(
            in: roverFolder.appendingPathComponent(String(sol)), sol: sol, traverse: traverse)
          return (read.tiles, read.record)
        }()
      let index = ordered.firstIndex(of: sol) ?? 0
      try writePage(
        roverFolder, name, sol: sol, tiles: page.tiles, record: page.record,
        previous: index > 0 ? ordered[index - 1] : nil,
        next: index + 1 < ordered.count ? ordered[index + 1] : nil)
    }
    try writeSummary(
      GallerySummary(name: name, sols: Self.keyed(counts), dates: Self.keyed(dates)),
      roverFolder)
    try writeIndex(traverses: [folder: traverse])
  }

  /// A sol's Earth day, as its photos say it (the first that does).
  private static func earthDate(of tiles: [PhotoTile]) -> String? {
    tiles.lazy.compactMap(\.earthDate).first
  }

  /// The front page, from each rover's summary and manifest: no sol folder but the latest is
  /// read. `traverses` holds the traverses already read, by folder; the others are read here.
  private func writeIndex(traverses: [String: Traverse?] = [:]) throws {
    var rovers: [GalleryRover] = []
    for folder in try subfolders(of: root) {
      let roverFolder = root.appendingPathComponent(folder)
      guard let summary = Self.summary(in: roverFolder), let latest = summary.counts.keys.max()
      else { continue }
      let strip = Self.tiles(in: roverFolder.appendingPathComponent(String(latest)), sol: latest).1
        .prefix(Self.stripLength).map { tile in
          var tile = tile
          tile.picture = "\(folder)/\(latest)/\(tile.picture)"
          return tile
        }
      rovers.append(
        GalleryRover(
          name: summary.name, folder: folder, sols: summary.counts, dates: summary.earthDates,
          manifest: RoverManifestFile.read(in: roverFolder)?.photos ?? [], strip: Array(strip),
          traverse: traverses[folder] ?? TraverseFile.read(in: roverFolder)))
    }
    try write(IndexPage(rovers: rovers).render(), to: root.appendingPathComponent(Self.indexName))
  }

  private func writePage(
    _ roverFolder: URL, _ rover: String, sol: Int, tiles: [PhotoTile], record: SolRecord?,
    previous: Int?, next: Int?
  ) throws {
    // The record the tiles were read with: the movies come from it, with no second read.
    let movies = MovieTile.movies(in: record, files: Set(tiles.map(\.picture)))
    var page = SolPage(
      rover: rover, sol: sol, tiles: tiles, movies: movies, home: "../../index.html",
      previous: previous, next: next)
    let folder = roverFolder.appendingPathComponent(String(sol))
    let names = (try? Self.names(in: folder, folders: false)) ?? []
    page.panoramas = PanoramaStrip.strips(in: folder, names: names)
    page.terrains = TerrainView.views(names: names)
    try write(
      page.render(),
      to: roverFolder.appendingPathComponent(String(sol)).appendingPathComponent(Self.indexName))
  }

  private func writeSummary(_ summary: GallerySummary, _ roverFolder: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(
      try encoder.encode(summary), to: roverFolder.appendingPathComponent(Self.summaryName),
      durable: false)
  }

  /// Writes a page, unless an `index.html` the gallery did not write is in its place.
  private func write(_ html: String, to file: URL) throws {
    guard Self.isOwnPage(file.path) else { throw Self.foreign(file) }
    try AtomicFile.write(Data(html.utf8), to: file, durable: false)
  }

  private static func foreign(_ file: URL) -> FileSystemError {
    FileSystemError(
      path: file.path,
      reason: "it is a page the gallery did not write; it is left alone (move it to build"
        + " the gallery here)")
  }

  /// A sol's photos as tiles relative to its page, grouped by camera: the files in its camera
  /// folders, with what its record says of each, and the record itself (the page's movies come
  /// from it). A photo saved without its place (by an earlier version, or from the API alone) is
  /// placed on `traverse`, when the folder has one.
  static func tiles(in folder: URL, sol: Int, traverse: Traverse? = nil) -> (
    rover: String?, tiles: [PhotoTile], record: SolRecord?
  ) {
    let record = SolRecordFile.read(in: folder)
    let known = Dictionary(
      (record?.photos ?? []).map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    var tiles: [PhotoTile] = []
    for camera in (try? Self.names(in: folder, folders: true)) ?? [] {
      let files = (try? Self.names(in: folder.appendingPathComponent(camera), folders: false)) ?? []
      for file in files
      where imageExtensions.contains(URL(fileURLWithPath: file).pathExtension.lowercased()) {
        let path = "\(camera)/\(file)"
        let saved = known[path]
        var details = saved?.details
        if details?.place == nil, let traverse {
          var placed = details ?? PhotoDetails()
          placed.place = traverse.place(sol: sol, site: placed.site, drive: placed.drive)
          details = placed
        }
        tiles.append(
          PhotoTile(
            picture: path, camera: saved?.camera ?? camera, cameraFullName: saved?.cameraFullName,
            nasaID: saved?.nasaID ?? NASAImageName.identity(ofImageAt: file) ?? file,
            earthDate: saved?.earthDate, sol: sol, details: details))
      }
    }
    if let record, tiles.contains(where: { $0.picture.hasSuffix(FrameTiles.developedSuffix) }) {
      tiles = developedInPlace(tiles, record: record)
    }
    tiles.sort { ($0.camera, $0.nasaID) < ($1.camera, $1.nasaID) }
    return (record?.rover, tiles, record)
  }

  /// Each frame `rovers develop` wrote in place of the raw files it was made from, which stay
  /// reachable from it; the frame takes the record of its first tile.
  static func developedInPlace(_ tiles: [PhotoTile], record: SolRecord) -> [PhotoTile] {
    let saved = Dictionary(
      record.photos.map { ($0.nasaID, $0) }, uniquingKeysWith: { first, _ in first })
    let frames = FrameTiles.frames(
      in: record.photos.map { $0.photo(rover: record.rover, sol: record.sol) })
    let byFile = Dictionary(
      frames.map { ($0.developedFileName, $0) }, uniquingKeysWith: { first, _ in first })
    var replaced = Set<String>()
    var developed: [String: PhotoTile] = [:]
    for tile in tiles where tile.picture.hasSuffix(FrameTiles.developedSuffix) {
      let file = String(tile.picture.split(separator: "/").last ?? "")
      guard let frame = byFile[file] else { continue }
      let raw = frame.tiles.compactMap { saved[$0.photo.nasaID]?.file }
      guard let first = frame.tiles.first.flatMap({ saved[$0.photo.nasaID] }) else { continue }
      var whole = PhotoTile(
        picture: tile.picture, camera: first.camera, cameraFullName: first.cameraFullName,
        nasaID: frame.name, earthDate: first.earthDate, sol: tile.sol, details: first.details)
      whole.rawParts = raw
      developed[tile.picture] = whole
      replaced.formUnion(raw)
    }
    return tiles.compactMap { tile in
      if let whole = developed[tile.picture] { return whole }
      return replaced.contains(tile.picture) ? nil : tile
    }
  }

  private static func summary(in roverFolder: URL) -> GallerySummary? {
    guard
      let data = FileManager.default.contents(
        atPath: roverFolder.appendingPathComponent(summaryName).path)
    else { return nil }
    return try? JSONDecoder().decode(GallerySummary.self, from: data)
  }

  private static func displayName(_ folder: String, _ roverFolder: URL) -> String {
    RoverManifestFile.read(in: roverFolder)?.name ?? folder.prefix(1).uppercased()
      + folder.dropFirst()
  }

  /// Values by sol, keyed by the sol's number as text, as JSON objects are.
  private static func keyed<Value>(_ values: [Int: Value]) -> [String: Value] {
    Dictionary(values.map { (String($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  private func subfolders(of folder: URL) throws -> [String] {
    try Self.names(in: folder, folders: true)
  }

  /// The visible entries of a folder that are folders (or files), sorted.
  static func names(in folder: URL, folders: Bool) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
      guard !name.hasPrefix(".") else { return false }
      guard let kind = FileStatus.of(folder.appendingPathComponent(name).path)?.kind else {
        return false
      }
      return (kind == .folder) == folders
    }.sorted()
  }
}
