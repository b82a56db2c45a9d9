import MarsFetching
import MarsMirror
import MarsTime

/// A page of one sol's photos: a grid grouped by camera, each photo with its caption and a
/// link to its file, the sols before and after, and the viewer.
///
/// The same page serves the gallery (files beside it) and `photos --format html` (the photos'
/// own addresses, nothing downloaded).
public struct SolPage: Sendable {
  /// The rover as it is spelled: `Perseverance`.
  public var rover: String
  /// The sol.
  public var sol: Int
  /// The photos.
  public var tiles: [PhotoTile]
  /// The sol's movies, each one tile that plays its frames (which stay among the photos).
  public var movies: [MovieTile]
  /// The panoramas made into the sol's folder.
  var panoramas: [PanoramaStrip] = []
  /// The terrains made into the sol's folder.
  var terrains: [TerrainView] = []
  /// The gallery's front page, relative to this one; `nil` outside a gallery.
  public var home: String?
  /// The sols on disk before and after this one, for the links and the arrow keys.
  public var previous: Int?
  /// The sol after this one on disk.
  public var next: Int?

  /// A page of `tiles`; in a gallery, with its front page and neighbours.
  public init(
    rover: String, sol: Int, tiles: [PhotoTile], movies: [MovieTile] = [], home: String? = nil,
    previous: Int? = nil, next: Int? = nil
  ) {
    self.movies = movies
    self.rover = rover
    self.sol = sol
    // One order wherever the page is made (the gallery, `photos --format html`): by camera,
    // then by NASA's id, which follows the time each photo was taken.
    self.tiles = Self.pairingStereo(
      tiles.sorted { ($0.camera, $0.nasaID) < ($1.camera, $1.nasaID) })
    self.home = home
    self.previous = previous
    self.next = next
  }

  /// The whole page.
  public func render() -> String {
    var html = PageStyle.head(title: "\(rover) sol \(sol)", feed: "../../feed.atom")
    let groups = cameraGroups
    html += header(groups)
    html += "<main>\n"
    if !panoramas.isEmpty {
      html += "<section id=\"panoramas\">\n<h2>Panoramas <small>\(panoramas.count)</small></h2>\n"
      for strip in panoramas { html += strip.html }
      html += "</section>\n"
    }
    if !terrains.isEmpty {
      html += "<section id=\"terrains\">\n<h2>Terrain <small>\(terrains.count)</small></h2>\n"
      for view in terrains { html += view.html }
      html += "<script>//<![CDATA[\n\(TerrainView.viewer)\n//]]></script>\n</section>\n"
    }
    if !movies.isEmpty {
      html += "<section id=\"movies\">\n<h2>Movies <small>\(movies.count)</small></h2>\n"
      html += "<ul class=\"grid\">\n"
      for movie in movies { html += Self.item(movie) }
      html += "</ul>\n</section>\n"
    }
    for (index, group) in groups.enumerated() {
      let heading = group.tiles.first?.cameraFullName ?? group.camera
      html += "<section id=\"camera-\(index + 1)\">\n<h2>\(HTMLText.escaped(heading)) <small>"
      html += "\(HTMLText.escaped(group.camera)) · \(group.tiles.count)</small></h2>\n"
      html += "<ul class=\"grid\">\n"
      for tile in group.tiles { html += Self.item(tile) }
      html += "</ul>\n</section>\n"
    }
    if tiles.isEmpty { html += "<p>No photos of this sol are here.</p>\n" }
    return html + "</main>\n" + PageStyle.foot
  }

  /// The photos by camera, in page order.
  private var cameraGroups: [(camera: String, tiles: [PhotoTile])] {
    var groups: [(camera: String, tiles: [PhotoTile])] = []
    for tile in tiles {
      if groups.last?.camera == tile.camera {
        groups[groups.count - 1].tiles.append(tile)
      } else {
        groups.append((tile.camera, [tile]))
      }
    }
    return groups
  }

  /// The same header wherever the page is made: where it is, how many photos, a link to each
  /// camera's photos; in a gallery, also the front page and the sols on either side.
  private func header(_ groups: [(camera: String, tiles: [PhotoTile])]) -> String {
    var html = "<header>\n<h1>"
    if let home { html += "<a href=\"\(HTMLText.href(home))\">Rovers</a> › " }
    html += "\(HTMLText.escaped(rover)) › sol \(sol)"
    html +=
      " <span class=\"stats\">\(tiles.count) photo\(tiles.count == 1 ? "" : "s")</span></h1>\n"
    html += "<nav>"
    if let previous {
      html += "<a rel=\"prev\" href=\"../\(previous)/index.html\">← sol \(previous)</a>"
    }
    if let next { html += "<a rel=\"next\" href=\"../\(next)/index.html\">sol \(next) →</a>" }
    html += "</nav>\n"
    if let clock = MissionClock.named(rover) {
      // The sol's own span by the mission's clock, not the API's truncated Earth date.
      html += "<p class=\"clock\">Sol \(sol): \(TimeText.utc(clock.start(ofSol: sol)))"
      html += " to \(TimeText.utc(clock.start(ofSol: sol + 1))) (UTC)</p>\n"
    }
    if !groups.isEmpty {
      html += "<nav class=\"cameras\" aria-label=\"Cameras\">"
      for (index, group) in groups.enumerated() {
        html += "<a href=\"#camera-\(index + 1)\">\(HTMLText.escaped(group.camera))"
        html += " <small>\(group.tiles.count)</small></a>"
      }
      html += "</nav>\n"
    }
    return html + "</header>\n"
  }

  /// The tiles with each stereo pair's two pictures on both of its tiles: the frames whose
  /// names differ only in the eye (``StereoPairing``, Curiosity's Mastcam left out as there).
  static func pairingStereo(_ tiles: [PhotoTile]) -> [PhotoTile] {
    var paired = tiles
    let pairs = StereoPairing.pairs(
      Array(tiles.indices), name: { tiles[$0].nasaID }, sol: { tiles[$0].sol })
    for (left, right) in pairs {
      let frames = StereoFrames(left: tiles[left].picture, right: tiles[right].picture)
      paired[left].stereo = frames
      paired[right].stereo = frames
    }
    return paired
  }

  /// One movie: its first frame marked ▶, which the viewer plays from the frames' files.
  static func item(_ movie: MovieTile) -> String {
    let frames = movie.frames.map(HTMLText.href)
    let first = HTMLText.escaped(frames.first ?? "")
    let caption = HTMLText.escaped(movie.caption)
    return """
      <li><figure><a class="photo movie" href="\(first)" data-caption="\(caption)" \
      data-frames="\(HTMLText.escaped(frames.joined(separator: " ")))" data-delay="\(movie.delay)">\
      <img src="\(first)" loading="lazy" width="320" height="240" alt="\(caption)" />\
      <span class="play" aria-hidden="true">▶</span></a><figcaption>\
      <span class="id">\(HTMLText.escaped(movie.sequence))</span>\
      <span class="part">\(HTMLText.escaped(movie.camera)) ·</span> \
      <span class="part">\(movie.frames.count) frames ·</span> \
      <span class="part">sol \(movie.sol)</span></figcaption></figure></li>

      """
  }

  /// One photo: its picture, lazily loaded in a box of a set size so nothing jumps, linking
  /// to the whole file.
  /// The links to the raw files a developed frame was made from: its tiles, or its mosaic.
  static func rawLinks(_ tile: PhotoTile, _ address: (String) -> String) -> String {
    guard !tile.rawParts.isEmpty else { return "" }
    let links = tile.rawParts.enumerated().map { index, part in
      "<a href=\"\(HTMLText.escaped(address(part)))\">\(tile.rawParts.count == 1 ? "raw" : String(index + 1))</a>"
    }
    let what = tile.rawParts.count == 1 ? "developed from its" : "developed from tiles"
    return " <span class=\"part raw\">\(what) \(links.joined(separator: " "))</span>"
  }

  static func item(_ tile: PhotoTile) -> String {
    func address(_ source: String) -> String {
      source.contains("://") ? source : HTMLText.href(source)
    }
    let source = address(tile.picture)
    let caption = HTMLText.escaped(tile.caption)
    let details = tile.details.map { " data-details=\"\(HTMLText.escaped($0))\"" } ?? ""
    let stereo =
      tile.stereo.map {
        " data-left=\"\(HTMLText.escaped(address($0.left)))\" data-right=\"\(HTMLText.escaped(address($0.right)))\""
      } ?? ""
    let mark =
      tile.stereo == nil
      ? "" : " <span class=\"stereo\" title=\"One of a stereo pair: 3D in the viewer\">3D</span>"
    let parts =
      [tile.camera] + (tile.earthDate.map { [$0] } ?? []) + ["sol \(tile.sol)"]
      + (tile.localMeanSolarTime.map { ["LMST \($0)"] } ?? [])
    // The id on a line of its own, broken anywhere when it is wider than the card; the rest
    // kept whole, each part ending in its separator so no line starts with one.
    let text =
      "<span class=\"id\">\(HTMLText.escaped(tile.nasaID))</span>"
      + parts.enumerated().map { index, part in
        let separator = index + 1 < parts.count ? " ·" : ""
        return "<span class=\"part\">\(HTMLText.escaped(part))\(separator)</span>"
      }.joined(separator: " ") + mark + rawLinks(tile, address)
    return """
      <li><figure><a class="photo" href="\(HTMLText.escaped(source))" data-caption="\(caption)"\(details)\(stereo)>\
      <img src="\(HTMLText.escaped(source))" loading="lazy" width="320" height="240" \
      alt="\(caption)" /></a><figcaption>\(text)</figcaption></figure></li>

      """
  }
}
