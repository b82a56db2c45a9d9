import PlainText

/// What `rovers panorama --sequence … -o FILE` made: the file and its size, the grid (the
/// azimuth of the first column's centre, the elevation of the first row's, degrees a pixel),
/// the viewpoint in the rover frame, the turn asked for, the frames used with their gains,
/// and the share of the grid they cover.
package struct PanoramaMadeEntry: JSONPrintable, Sendable {
  package var file: String
  package var bytes: Int
  package var width: Int
  package var height: Int
  package var firstAzimuth: Double
  package var firstElevation: Double
  package var degreesPerPixel: Double
  package var viewpoint: [Double]
  /// `rover` (the rover frame), `level`, `north` or `level north`.
  package var frame: String
  package var frames: [(nasaID: String, gain: Double)]
  /// Percent of the grid that a frame covers.
  package var covered: Double
  package var sequence: String

  /// The fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("file"), .init("bytes", alignRight: true), .init("width", alignRight: true),
    .init("height", alignRight: true), .init("frames", alignRight: true),
    .init("covered", alignRight: true), .init("sequence"), .init("frame"),
  ]

  /// The row of `entry`.
  package static func records(_ entry: PanoramaMadeEntry) -> Records {
    Records(fields, [entry], table: fields.map(\.name)) { entry in
      [
        .text(entry.file), .number(entry.bytes), .number(entry.width), .number(entry.height),
        .number(entry.frames.count), .text(SequenceEntry.degrees(entry.covered)),
        .text(entry.sequence), .text(entry.frame),
      ]
    }
  }

  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("bytes", bytes)
      json.member("covered_percent", covered)
      json.member("degrees_per_pixel", degreesPerPixel)
      json.member("file", file)
      json.member("first_azimuth", firstAzimuth)
      json.member("first_elevation", firstElevation)
      json.member("frame", frame)
      json.key("frames")
      json.array(frames) { json, used in
        json.object { json in
          json.member("gain", used.gain)
          json.member("nasa_id", used.nasaID)
        }
      }
      json.member("height", height)
      json.member("sequence", sequence)
      json.member("viewpoint", numbers: viewpoint)
      json.member("width", width)
    }
  }

  /// The entry's JSON as a file beside the panorama keeps it, for the gallery's scale.
  package var recordBytes: [UInt8] {
    var bytes: [UInt8] = []
    var writer = JSONWriter(.pretty) { bytes += $0 }
    write(to: &writer)
    writer.end()
    return bytes + [10]
  }

  /// An entry of each member.
  package init(
    file: String, bytes: Int, width: Int, height: Int, firstAzimuth: Double,
    firstElevation: Double, degreesPerPixel: Double, viewpoint: [Double], frame: String,
    frames: [(nasaID: String, gain: Double)], covered: Double, sequence: String
  ) {
    self.file = file
    self.bytes = bytes
    self.width = width
    self.height = height
    self.firstAzimuth = firstAzimuth
    self.firstElevation = firstElevation
    self.degreesPerPixel = degreesPerPixel
    self.viewpoint = viewpoint
    self.frame = frame
    self.frames = frames
    self.covered = covered
    self.sequence = sequence
  }
}
