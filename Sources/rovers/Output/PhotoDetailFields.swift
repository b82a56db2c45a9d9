import RoverAPI

/// The feeds' details of a photo as record fields: what `--fields mars_time,mast_az,…` picks in
/// every command that lists photos, named as in the JSON.
enum PhotoDetailFields {
  /// The fields, after a command's own.
  static let fields: [Records.Field] = [
    .init("mars_time"), .init("mast_az", alignRight: true), .init("mast_el", alignRight: true),
    .init("site", alignRight: true), .init("drive", alignRight: true), .init("sample_type"),
    .init("filter"), .init("title"), .init("caption"), .init("credit"),
  ]

  /// A photo's cells for ``fields``, in order; empty where its source has no value.
  static func cells(_ details: PhotoDetails) -> [Records.Cell] {
    [
      .text(details.marsTime), .decimal(details.mastAzimuth), .decimal(details.mastElevation),
      .number(details.site), .number(details.drive), .text(details.sampleType),
      .text(details.filter), .text(details.title), .text(details.caption),
      .text(details.credit),
    ]
  }
}
