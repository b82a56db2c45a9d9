import MarsFetching
import PlainText
import RoverAPI

/// One stereo pair in `rovers stereo`'s output: the two photos, and with `-o` the anaglyph's
/// file and what became of it (`written`, `skipped` when it was there, `failed`).
package struct StereoEntry: JSONPrintable, Sendable {
  package var pair: StereoPair
  package var file: String?
  package var status: String?
  package var error: String?
  /// What failed, for the exit code; not printed.
  package var failure: (any Error)?

  package init(pair: StereoPair, file: String? = nil, status: String? = nil) {
    self.pair = pair
    self.file = file
    self.status = status
  }

  /// The pair's fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    // On a narrow terminal the addresses are left out first: the ids link to them.
    .init("camera"), .init("sol", alignRight: true),
    .init("left_id", "LEFT", linkTo: "left_url"), .init("right_id", "RIGHT", linkTo: "right_url"),
    .init("left_url", "LEFT URL", linkTo: "left_url", rank: -1),
    .init("right_url", "RIGHT URL", linkTo: "right_url", rank: -1), .init("file"), .init("status"),
    .init("error"),
  ]

  /// The rows of `entries`.
  package static func records(_ entries: [StereoEntry], made: Bool) -> Records {
    Records(
      fields, entries,
      table: made
        ? ["camera", "left_id", "status", "file"]
        : ["camera", "left_id", "right_id", "left_url", "right_url"]
    ) { entry in
      [
        .text(entry.pair.camera), .number(entry.pair.left.sol), .text(entry.pair.left.nasaID),
        .text(entry.pair.right.nasaID), .text(entry.pair.left.imgSrc),
        .text(entry.pair.right.imgSrc), .text(entry.file), .text(entry.status),
        .text(entry.error),
      ]
    }
  }

  /// `camera`, `sol`, `left` and `right` as the photos' own JSON, and `file`, `status` and
  /// `error`, null where they do not apply, so every entry has the same keys.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("camera", pair.camera)
      json.member("error", error)
      json.member("file", file)
      json.key("left")
      pair.left.write(to: &json)
      json.key("right")
      pair.right.write(to: &json)
      json.member("sol", pair.left.sol)
      json.member("status", status)
    }
  }
}
