import PlainText
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The gallery's Atom feed (RFC 4287), `feed.atom` beside `index.html`: an entry per rover and
/// sol that a run brought photos to, each linking to the sol's page and showing a few of the
/// photos with their captions and credit. Every string from a server is escaped.
struct AtomFeed {
  /// The file's name.
  static let name = "feed.atom"

  /// The entries, newest first, and the ids' prefix.
  var log: FeedLog
  /// The gallery's address, ending in `/`, for absolute links; `nil` leaves them relative to
  /// the feed's own address.
  var base: String?
  /// The time of a feed with no entry yet.
  var now: Date

  /// A link to `path`, relative to the gallery's folder.
  private func link(_ path: String) -> String {
    let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
      .map { PercentEncoding.encode($0, keeping: .pathCharacters) }
      .joined(separator: "/")
    return (base ?? "") + encoded
  }

  /// The whole document.
  func render() -> String {
    let updated = log.entries.first?.updated ?? RFC3339.string(now)
    var xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom">
      <id>\(text(log.idPrefix + "feed"))</id>
      <title>Mars rover photos</title>
      <subtitle>New photos in this gallery, by rover and sol</subtitle>
      <updated>\(updated)</updated>
      <link rel="alternate" type="text/html" href="\(text(link(Gallery.indexName)))"/>

      """
    if base != nil {
      xml +=
        "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(text(link(Self.name)))\"/>\n"
    }
    xml += """
      <author><name>rovers</name></author>
      <generator>rovers</generator>
      <rights>Photos: NASA/JPL-Caltech</rights>

      """
    for entry in log.entries { xml += self.entry(entry) }
    return xml + "</feed>\n"
  }

  private func entry(_ entry: FeedEntry) -> String {
    let noun = entry.count == 1 ? "photo" : "photos"
    return """
      <entry>
      <id>\(text(entry.id))</id>
      <title>\(text(entry.title))</title>
      <updated>\(text(entry.updated))</updated>
      <link rel="alternate" type="text/html" href="\(text(link(entry.page)))"/>
      <summary>\(text("\(entry.count) new \(noun): \(entry.cameraList)"))</summary>
      <content type="html">\(text(content(entry)))</content>
      </entry>

      """
  }

  /// The entry's content as HTML (escaped once more as the XML's text): the count, and each
  /// photo shown as a thumbnail linking to its file, with its caption and credit.
  private func content(_ entry: FeedEntry) -> String {
    var html = "<p><a href=\"\(HTMLText.escaped(link(entry.page)))\">"
    html += HTMLText.escaped("\(entry.rover), sol \(entry.sol)") + "</a>: "
    html += HTMLText.escaped(entry.cameraList)
    html += "</p>"
    for photo in entry.photos {
      let file = HTMLText.escaped(link(photo.file))
      html += "<figure><a href=\"\(file)\"><img src=\"\(file)\" alt=\""
      html += HTMLText.escaped(photo.title) + "\" width=\"240\" /></a><figcaption>"
      html += HTMLText.escaped(photo.caption.map { "\(photo.title): \($0)" } ?? photo.title)
      html += " (" + HTMLText.escaped(photo.credit) + ")</figcaption></figure>"
    }
    if entry.count > entry.photos.count {
      html += "<p>and \(entry.count - entry.photos.count) more on the sol's page.</p>"
    }
    return html
  }

  /// XML text or an attribute's value: markup characters escaped, and control characters
  /// (which XML 1.0 does not allow) replaced.
  private func text(_ value: String) -> String { HTMLText.escaped(value) }
}
