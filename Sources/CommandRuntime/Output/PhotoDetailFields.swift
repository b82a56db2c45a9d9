import RoverAPI

/// The feeds' details of a photo as record fields: what `--fields mars_time,mast_az,…` picks in
/// every command that lists photos, named as in the JSON.
package enum PhotoDetailFields {
  /// The fields, after a command's own.
  package static let fields: [Records.Field] = [
    .init("mars_time"), .init("mast_az", alignRight: true), .init("mast_el", alignRight: true),
    .init("site", alignRight: true), .init("drive", alignRight: true), .init("sample_type"),
    .init("filter"), .init("title"), .init("caption"), .init("credit"),
    .init("lat", "LATITUDE", alignRight: true), .init("lon", "LONGITUDE E", alignRight: true),
    .init("elevation", "ELEVATION M", alignRight: true), .init("place"),
    .init("sequence"), .init("sclk", "SCLK", alignRight: true), .init("subframe_rect"),
    .init("scale_factor", "SCALE", alignRight: true), .init("dimension"),
    .init("date_received"), .init("camera_model_type", "CAMERA MODEL"),
    .init("camera_model_components", "MODEL COMPONENTS"), .init("camera_position"),
    .init("camera_vector"), .init("attitude"), .init("xyz", "XYZ"),
  ]

  /// The fields that need the rover's traverse: a command fetches it only when one is asked
  /// for.
  package static let placeFields: Set<String> = ["lat", "lon", "elevation", "place"]

  /// How a place was found, in a word: `exact` (the waypoint of the photo's site and drive) or
  /// `approximate`.
  package static func placeWord(_ place: PhotoPlace) -> String {
    place.isExact ? "exact" : "approximate"
  }

  /// A photo's cells for ``fields``, in order; empty where its source has no value.
  package static func cells(_ details: PhotoDetails, sequence: String?) -> [Records.Cell] {
    let capture = details.capture
    return [
      .text(details.marsTime), .decimal(details.mastAzimuth), .decimal(details.mastElevation),
      .number(details.site), .number(details.drive), .text(details.sampleType),
      .text(details.filter), .text(details.title), .text(details.caption),
      .text(details.credit), .decimal(details.place?.latitude),
      .decimal(details.place?.longitude), .decimal(details.place?.elevation),
      .text(details.place.map(placeWord)), .text(sequence),
      .decimal(capture.spacecraftClock), .integers(capture.subframeRect),
      .number(capture.scaleFactor), .integers(capture.dimension), .text(capture.dateReceived),
      .text(capture.cameraModelType),
      .text(
        capture.cameraModelComponents.map { lists in
          lists.map { "(" + $0.map(Records.plain).joined(separator: ",") + ")" }
            .joined(separator: ";")
        }),
      .numbers(capture.cameraPosition), .numbers(capture.cameraVector),
      .numbers(capture.attitude), .numbers(capture.xyz),
    ]
  }
}
