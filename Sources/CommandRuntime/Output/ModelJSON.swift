import MarsFetching
import PlainText
import RoverAPI

/// A value `--json` prints; members are written in sorted order, as documented.
package protocol JSONPrintable {
  func write(to json: inout JSONWriter)
}

/// Nothing, as `null`: a value a command may not have (`where` before the first waypoint).
extension Optional: JSONPrintable where Wrapped: JSONPrintable {
  package func write(to json: inout JSONWriter) {
    if let value = self { value.write(to: &json) } else { json.null() }
  }
}

extension Array: JSONPrintable where Element: JSONPrintable {
  package func write(to json: inout JSONWriter) { JSONArray(self).write(to: &json) }
}

/// The items of a sequence as a JSON array, each written as it comes: a search's photos, too
/// many to hold at once.
package struct JSONArray<Items: Sequence>: JSONPrintable where Items.Element: JSONPrintable {
  private let items: Items

  /// The array of `items`.
  package init(_ items: Items) { self.items = items }

  package func write(to json: inout JSONWriter) { json.array(items) { $1.write(to: &$0) } }
}

extension JSONWriter {
  /// An object of `value`'s members, each written by its own writer, in the order given.
  mutating func object<Value>(
    _ value: Value, _ members: [(name: String, write: @Sendable (Value, inout JSONWriter) -> Void)]
  ) {
    object { json in
      for member in members { member.write(value, &json) }
    }
  }
}

extension Photo: JSONPrintable {
  /// A photo's own members and its details' (``PhotoDetails/members``), in the order of their
  /// names, each with how it is written: every photo has the feeds' keys, `null` where its
  /// source has no value.
  private static let printedMembers:
    [(name: String, write: @Sendable (Photo, inout JSONWriter) -> Void)] =
      ([
        (
          "camera",
          { @Sendable photo, json in
            json.key("camera")
            photo.camera.write(to: &json)
          }
        ),
        ("earth_date", { @Sendable photo, json in json.member("earth_date", photo.earthDate) }),
        ("id", { @Sendable photo, json in json.member("id", photo.id) }),
        ("img_src", { @Sendable photo, json in json.member("img_src", photo.imgSrc) }),
        ("instrument", { @Sendable photo, json in json.member("instrument", photo.instrument) }),
        ("nasa_id", { @Sendable photo, json in json.member("nasa_id", photo.nasaID) }),
        (
          "rover",
          { @Sendable photo, json in
            json.key("rover")
            json.object { json in
              json.member("id", photo.rover.id)
              json.member("name", photo.rover.name)
            }
          }
        ),
        ("sequence", { @Sendable photo, json in json.member("sequence", photo.sequence) }),
        ("sol", { @Sendable photo, json in json.member("sol", photo.sol) }),
        (
          // Only where the API's day is not the clock's: the API's own field stays as it is.
          "sol_start_utc",
          { @Sendable photo, json in
            if let start = EarthDays.solStart(differingFrom: photo) {
              json.member("sol_start_utc", start)
            }
          }
        ),
      ]
      + PhotoDetails.members.map { member in
        (member.name, { @Sendable photo, json in member.write(photo.details, to: &json) })
      }).sorted { $0.name < $1.name }

  package func write(to json: inout JSONWriter) { json.object(self, Self.printedMembers) }
}

extension Camera: JSONPrintable {
  /// `full_name` and `id` when known, and `name`; the rover id is implied by the context.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      if let fullName { json.member("full_name", fullName) }
      if let id { json.member("id", id) }
      json.member("name", name)
    }
  }
}

extension Rover: JSONPrintable {
  /// The rover's members and its mission's, in the order of their names.
  private static let printedMembers: [(name: String, write: MissionSummary.MemberWriter<Rover>)] =
    MissionSummary.members(
      of: { (rover: Rover) in rover.mission },
      with: [
        (
          "cameras",
          { @Sendable rover, json in
            json.key("cameras")
            rover.cameras.write(to: &json)
          }
        ),
        ("id", { @Sendable rover, json in json.member("id", rover.id) }),
      ])

  package func write(to json: inout JSONWriter) { json.object(self, Self.printedMembers) }
}

/// Written by RoverAPI, where the gallery's kept manifest is written too.
extension PhotoManifest: JSONPrintable {}

extension ManifestEntry: JSONPrintable {}
