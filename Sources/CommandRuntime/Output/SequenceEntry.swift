import MarsFetching
import PlainText
import RoverAPI

/// One observation sequence in `rovers sequences`' output.
package struct SequenceEntry: JSONPrintable, Sendable {
  package var sequence: ObservationSequence

  /// The sequence's fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("sequence"), .init("camera"), .init("eye"), .init("frames", alignRight: true),
    .init("kind", colors: ["movie": "32", "pan": "36"]), .init("mast_az", "AZ", alignRight: true),
    .init("mast_el", "EL", alignRight: true), .init("first_time", "FIRST"),
    .init("last_time", "LAST"), .init("size"), .init("sol", alignRight: true),
    .init("nasa_ids", "NASA IDS"),
  ]

  /// The rows of `entries`.
  package static func records(_ entries: [SequenceEntry]) -> Records {
    Records(
      fields, entries,
      table: [
        "sequence", "camera", "eye", "frames", "kind", "mast_az", "mast_el", "first_time",
        "last_time", "size",
      ]
    ) { entry in
      let sequence = entry.sequence
      let pointing = sequence.pointing
      return [
        .text(sequence.id), .text(sequence.camera), .text(sequence.eye),
        .number(sequence.photos.count), .text(sequence.kind.rawValue),
        .text(pointing.map { Self.degrees($0.azimuth) }),
        .text(pointing.map { Self.degrees($0.elevation) }), .text(sequence.marsTimes.first),
        .text(sequence.marsTimes.last), .text(sequence.size.map { "\($0.width)x\($0.height)" }),
        .number(sequence.photos.first?.sol), .list(sequence.photos.map(\.nasaID)),
      ]
    }
  }

  /// Degrees to a tenth, as the tolerance of a movie's pointing: `-55.3`.
  package static func degrees(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    let sign = tenths < 0 ? "-" : ""
    let magnitude = Int(abs(tenths))
    return "\(sign)\(magnitude / 10).\(magnitude % 10)"
  }

  /// Its fields, the frames as the photos' own JSON, oldest first.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("camera", sequence.camera)
      json.member("eye", sequence.eye)
      json.member("first_time", sequence.marsTimes.first)
      json.member("frames", sequence.photos.count)
      json.member("height", sequence.size?.height)
      json.member("kind", sequence.kind.rawValue)
      json.member("last_time", sequence.marsTimes.last)
      json.member("mast_az", sequence.pointing?.azimuth)
      json.member("mast_el", sequence.pointing?.elevation)
      json.key("photos")
      sequence.photos.write(to: &json)
      json.member("sequence", sequence.id)
      json.member("sol", sequence.photos.first?.sol)
      json.member("width", sequence.size?.width)
    }
  }

  /// A value of each member.
  package init(sequence: ObservationSequence) {
    self.sequence = sequence
  }
}
