import MarsFetching
import PlainText
import RoverAPI

/// One panorama in `rovers panorama`'s list: its sequence and camera, its frames, and the
/// azimuths and elevations their camera models cover.
package struct PanoramaEntry: JSONPrintable, Sendable {
  package var panorama: Panorama

  /// The fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("sequence"), .init("camera"), .init("frames", alignRight: true),
    .init("covered", "DEGREES", alignRight: true),
    .init("tier", colors: ["full": "32", "wide": "36"]),
    .init("az_from", "AZ FROM", alignRight: true), .init("az_to", "AZ TO", alignRight: true),
    .init("el_from", "EL FROM", alignRight: true), .init("el_to", "EL TO", alignRight: true),
    .init("sol", alignRight: true), .init("nasa_ids", "NASA IDS"),
  ]

  /// The rows of `entries`.
  package static func records(_ entries: [PanoramaEntry]) -> Records {
    Records(
      fields, entries,
      table: [
        "sequence", "camera", "frames", "covered", "tier", "az_from", "az_to", "el_from", "el_to",
      ]
    ) { entry in
      let pan = entry.panorama
      return [
        .text(pan.sequence.id), .text(pan.sequence.camera), .number(pan.frames.count),
        .text(SequenceEntry.degrees(pan.azimuthCovered)), .text(pan.tier.rawValue),
        .text(SequenceEntry.degrees(pan.azimuths.lowerBound)),
        .text(SequenceEntry.degrees(pan.azimuths.upperBound)),
        .text(SequenceEntry.degrees(pan.elevations.lowerBound)),
        .text(SequenceEntry.degrees(pan.elevations.upperBound)),
        .number(pan.sequence.photos.first?.sol), .list(pan.frames.map(\.photo.nasaID)),
      ]
    }
  }

  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("az_from", panorama.azimuths.lowerBound)
      json.member("az_to", panorama.azimuths.upperBound)
      json.member("camera", panorama.sequence.camera)
      json.member("covered", panorama.azimuthCovered)
      json.member("el_from", panorama.elevations.lowerBound)
      json.member("el_to", panorama.elevations.upperBound)
      json.member("frames", panorama.frames.count)
      json.member("nasa_ids", strings: panorama.frames.map(\.photo.nasaID))
      json.member("sequence", panorama.sequence.id)
      json.member("sol", panorama.sequence.photos.first?.sol)
      json.member("tier", panorama.tier.rawValue)
      json.member("without_model", strings: panorama.withoutModel)
    }
  }

  /// The entry of a panorama.
  package init(_ panorama: Panorama) { self.panorama = panorama }
}
