/// The gallery's front page: every rover in the folder with its counts, its latest photos and
/// its mission's timeline.
struct IndexPage {
  var rovers: [GalleryRover]

  func render() -> String {
    var html = PageStyle.head(title: "Mars rover photos", feed: "feed.atom")
    let photos = rovers.map(\.photoCount).reduce(0, +)
    html += "<header>\n<h1>Mars rover photos <span class=\"stats\">\(photos) photo"
    html += "\(photos == 1 ? "" : "s") of \(rovers.count) rover\(rovers.count == 1 ? "" : "s")"
    html += "</span></h1>\n</header>\n<main>\n"
    for rover in rovers { html += section(rover) }
    if rovers.isEmpty {
      html += "<p>No photos are here yet: rovers download and rovers sync fill this folder.</p>\n"
    }
    return html + "</main>\n" + PageStyle.foot
  }

  private func section(_ rover: GalleryRover) -> String {
    var html = "<section>\n<h2>\(HTMLText.escaped(rover.name)) <small>"
    html +=
      "\(rover.photoCount) photos · \(rover.sols.count) sol\(rover.sols.count == 1 ? "" : "s")"
    if let latest = rover.sols.keys.max() {
      html +=
        " · latest <a href=\"\(HTMLText.href(rover.folder))/\(latest)/index.html\">sol \(latest)</a>"
    }
    html += "</small></h2>\n"
    if !rover.strip.isEmpty {
      html += "<div class=\"strip\">\n"
      for tile in rover.strip {
        let page = "\(HTMLText.href(rover.folder))/\(tile.sol)/index.html"
        html += "<a href=\"\(page)\"><img src=\"\(HTMLText.href(tile.picture))\" loading=\"lazy\" "
        html += "width=\"160\" height=\"120\" alt=\"\(HTMLText.escaped(tile.caption))\" /></a>\n"
      }
      html += "</div>\n"
    }
    html += TimelineChart(
      entries: rover.manifest, onDisk: rover.sols, folder: rover.folder, dates: rover.dates
    ).render()
    html += "<p class=\"legend\"><i style=\"background: var(--accent)\"></i>sols here"
    html += "<i style=\"background: var(--other)\"></i>sols not downloaded"
    if rover.manifest.isEmpty { html += " (no manifest recorded: only the sols here are shown)" }
    html += "</p>\n"
    if let traverse = rover.traverse {
      html += TraverseMap(
        rover: rover.name, traverse: traverse, onDisk: rover.sols, folder: rover.folder
      ).render()
    }
    html += solList(rover)
    html += "</section>\n"
    return html
  }

  /// Every sol here, newest first, each a link big enough to tap, with its Earth day and how
  /// many photos it holds; folded away when there are many, so the front page stays short.
  private func solList(_ rover: GalleryRover) -> String {
    let manifestDates = Dictionary(
      rover.manifest.map { ($0.sol, $0.earthDate) }, uniquingKeysWith: { first, _ in first })
    let count = rover.sols.count
    var html = "<details class=\"sol-list\"\(count <= Self.openSolList ? " open=\"open\"" : "")>"
    html += "<summary>The \(count) sol\(count == 1 ? "" : "s") here, newest first</summary>\n"
    html += "<ul class=\"sols\">\n"
    for (sol, photos) in rover.sols.sorted(by: { $0.key > $1.key }) {
      let date = rover.dates[sol] ?? manifestDates[sol]
      html += "<li><a href=\"\(HTMLText.href(rover.folder))/\(sol)/index.html\">sol \(sol)"
      html += "<small>\(date.map(HTMLText.escaped) ?? "date unknown")</small>"
      html += "<small>\(photos) photo\(photos == 1 ? "" : "s")</small></a></li>\n"
    }
    return html + "</ul>\n</details>\n"
  }

  /// The most sols listed open; more are one click away.
  static let openSolList = 120
}
