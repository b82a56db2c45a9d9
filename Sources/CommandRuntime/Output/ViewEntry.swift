import MarsFetching
import PlainText
import RoverAPI

/// One view in `rovers timelapse --list`'s output: where it looks, on which sols and at what
/// local times, numbered as `--view` picks it.
package struct ViewEntry: JSONPrintable, Sendable {
  /// Its number, from 1, in the order the views are listed.
  package var number: Int
  package var view: RepeatedView

  /// The view's fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("view", "VIEW", alignRight: true), .init("camera"),
    .init("mast_az", "AZ", alignRight: true), .init("mast_el", "EL", alignRight: true),
    .init("place"), .init("size"), .init("sols", alignRight: true),
    .init("first_sol", "FROM", alignRight: true), .init("last_sol", "TO", alignRight: true),
    .init("frames", alignRight: true), .init("times"), .init("usual_time", "USUAL"),
    .init("nasa_ids", "NASA IDS"),
  ]

  /// The rows of `entries`.
  package static func records(_ entries: [ViewEntry]) -> Records {
    Records(
      fields, entries,
      table: [
        "view", "camera", "mast_az", "mast_el", "place", "size", "sols", "first_sol",
        "last_sol", "frames", "times", "usual_time",
      ]
    ) { entry in
      let view = entry.view
      return [
        .number(entry.number), .text(view.camera),
        .text(view.azimuth.map(SequenceEntry.degrees)),
        .text(view.elevation.map(SequenceEntry.degrees)), .text(entry.place),
        .text(view.size.map { $0.map(String.init).joined(separator: "x") }),
        .number(view.sols.count), .number(view.sols.first), .number(view.sols.last),
        .number(view.photos.count), .text(entry.times), .text(view.usualMinute.map(Self.clock)),
        .list(view.photos.map(\.nasaID)),
      ]
    }
  }

  /// A fixed camera's place, `site 45 drive 120`; `nil` for a pointed one.
  private var place: String? {
    guard view.azimuth == nil else { return nil }
    return "site \(view.site.map(String.init) ?? "?") drive \(view.drive.map(String.init) ?? "?")"
  }

  /// The local times of its frames, earliest to latest: `10:00-15:00`.
  private var times: String? {
    guard let first = view.minutes.min(), let last = view.minutes.max() else { return nil }
    return first == last ? Self.clock(first) : "\(Self.clock(first))-\(Self.clock(last))"
  }

  /// Minutes after midnight as `HH:MM`.
  package static func clock(_ minutes: Int) -> String {
    let (hours, rest) = (minutes / 60, minutes % 60)
    return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
  }

  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("camera", view.camera)
      json.member("drive", view.azimuth == nil ? view.drive : nil)
      json.member("frames", view.photos.count)
      json.member("height", view.size?.last)
      json.member("mast_az", view.azimuth)
      json.member("mast_el", view.elevation)
      json.member("nasa_ids", strings: view.photos.map(\.nasaID))
      json.member("site", view.azimuth == nil ? view.site : nil)
      json.member("sols", integers: view.sols)
      json.member("times", times)
      json.member("usual_time", view.usualMinute.map(Self.clock))
      json.member("view", number)
      json.member("width", view.size?.first)
    }
  }

  /// A value of each member.
  package init(number: Int, view: RepeatedView) {
    self.number = number
    self.view = view
  }
}
