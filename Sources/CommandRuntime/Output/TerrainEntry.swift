import MarsFetching
import PlainText
import RoverAPI

/// One stereo pair in `rovers terrain`'s output: the two frames, what became of the pair
/// (`written`, `skipped` when its files were there, `left out` without usable camera models,
/// `failed`), and what its terrain holds: points, the share of the left frame covered, the
/// ranges' least, median and greatest (metres), the median miss distance of the two rays
/// (metres) and the files.
package struct TerrainEntry: JSONPrintable, Sendable {
  package var pair: StereoPair
  package var status: String
  package var files: [String] = []
  package var points: Int?
  package var coverage: Double?
  package var range: (min: Double, median: Double, max: Double)?
  package var medianMiss: Double?
  package var error: String?
  /// What failed, for the exit code; not printed.
  package var failure: (any Error)?

  package init(pair: StereoPair, status: String) {
    self.pair = pair
    self.status = status
  }

  /// The pair's fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("camera"), .init("sol", alignRight: true),
    .init("left_id", "LEFT", linkTo: "left_url"), .init("right_id", "RIGHT", linkTo: "right_url"),
    .init("status"), .init("points", alignRight: true), .init("coverage", alignRight: true),
    .init("range_min", "MIN M", alignRight: true),
    .init("range_median", "MEDIAN M", alignRight: true),
    .init("range_max", "MAX M", alignRight: true),
    .init("median_miss", "MISS M", alignRight: true), .init("files"), .init("error"),
    .init("left_url", "LEFT URL", linkTo: "left_url", rank: -1),
    .init("right_url", "RIGHT URL", linkTo: "right_url", rank: -1),
  ]

  /// The rows of `entries`.
  package static func records(_ entries: [TerrainEntry]) -> Records {
    Records(
      fields, entries,
      table: ["camera", "left_id", "status", "points", "coverage", "range_median", "range_max"]
    ) { entry in
      [
        .text(entry.pair.camera), .number(entry.pair.left.sol), .text(entry.pair.left.nasaID),
        .text(entry.pair.right.nasaID), .text(entry.status), .number(entry.points),
        .decimal(entry.coverage.map { rounded($0, 4) }),
        .decimal(entry.range.map { rounded($0.min, 3) }),
        .decimal(entry.range.map { rounded($0.median, 3) }),
        .decimal(entry.range.map { rounded($0.max, 3) }),
        .decimal(entry.medianMiss.map { rounded($0, 5) }), .list(entry.files),
        .text(entry.error), .text(entry.pair.left.imgSrc), .text(entry.pair.right.imgSrc),
      ]
    }
  }

  /// `value` rounded to `digits` decimals, as it is printed.
  static func rounded(_ value: Double, _ digits: Int) -> Double {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return (value * scale).rounded() / scale
  }

  /// The entry's members, null where they do not apply, so every entry has the same keys;
  /// `left` and `right` as the photos' own JSON.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("camera", pair.camera)
      json.member("coverage", coverage.map { Self.rounded($0, 4) })
      json.member("error", error)
      json.member("files", strings: files)
      json.key("left")
      pair.left.write(to: &json)
      json.member("median_miss", medianMiss.map { Self.rounded($0, 5) })
      json.member("points", points)
      json.member("range_max", range.map { Self.rounded($0.max, 3) })
      json.member("range_median", range.map { Self.rounded($0.median, 3) })
      json.member("range_min", range.map { Self.rounded($0.min, 3) })
      json.key("right")
      pair.right.write(to: &json)
      json.member("sol", pair.left.sol)
      json.member("status", status)
    }
  }
}
