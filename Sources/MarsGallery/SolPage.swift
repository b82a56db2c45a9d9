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
  /// The gallery's front page, relative to this one; `nil` outside a gallery.
  public var home: String?
  /// The sols on disk before and after this one, for the links and the arrow keys.
  public var previous: Int?
  /// The sol after this one on disk.
  public var next: Int?

  /// A page of `tiles`; in a gallery, with its front page and neighbours.
  public init(
    rover: String, sol: Int, tiles: [PhotoTile], home: String? = nil, previous: Int? = nil,
    next: Int? = nil
  ) {
    self.rover = rover
    self.sol = sol
    self.tiles = tiles
    self.home = home
    self.previous = previous
    self.next = next
  }

  /// The whole page.
  public func render() -> String {
    var html = PageStyle.head(title: "\(rover) sol \(sol)")
    html += "<header>\n<h1>"
    if let home { html += "<a href=\"\(HTMLText.href(home))\">Rovers</a> › " }
    html += "\(HTMLText.escaped(rover)) › sol \(sol)"
    html +=
      " <span class=\"stats\">\(tiles.count) photo\(tiles.count == 1 ? "" : "s")</span></h1>\n"
    html += "<nav>"
    if let previous {
      html += "<a rel=\"prev\" href=\"../\(previous)/index.html\">← sol \(previous)</a>"
    }
    if let next { html += "<a rel=\"next\" href=\"../\(next)/index.html\">sol \(next) →</a>" }
    html += "</nav>\n</header>\n<main>\n"
    var groups: [(camera: String, tiles: [PhotoTile])] = []
    for tile in tiles {
      if groups.last?.camera == tile.camera {
        groups[groups.count - 1].tiles.append(tile)
      } else {
        groups.append((tile.camera, [tile]))
      }
    }
    for group in groups {
      let heading = group.tiles.first?.cameraFullName ?? group.camera
      html += "<section>\n<h2>\(HTMLText.escaped(heading)) <small>"
      html += "\(HTMLText.escaped(group.camera)) · \(group.tiles.count)</small></h2>\n"
      html += "<ul class=\"grid\">\n"
      for tile in group.tiles { html += Self.item(tile) }
      html += "</ul>\n</section>\n"
    }
    if tiles.isEmpty { html += "<p>No photos of this sol are here.</p>\n" }
    return html + "</main>\n" + PageStyle.foot
  }

  /// One photo: its picture, lazily loaded in a box of a set size so nothing jumps, linking
  /// to the whole file.
  static func item(_ tile: PhotoTile) -> String {
    let source = tile.source.contains("://") ? tile.source : HTMLText.href(tile.source)
    let caption = HTMLText.escaped(tile.caption)
    let parts = [tile.camera] + (tile.earthDate.map { [$0] } ?? []) + ["sol \(tile.sol)"]
    let text =
      "<span class=\"id\">\(HTMLText.escaped(tile.nasaID))</span>"
      + parts.map { " · <span>\(HTMLText.escaped($0))</span>" }.joined()
    return """
      <li><figure><a class="photo" href="\(HTMLText.escaped(source))" data-caption="\(caption)">\
      <img src="\(HTMLText.escaped(source))" loading="lazy" width="320" height="240" \
      alt="\(caption)" /></a><figcaption>\(text)</figcaption></figure></li>

      """
  }
}
