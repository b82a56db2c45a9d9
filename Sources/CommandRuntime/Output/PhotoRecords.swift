import RoverAPI

/// Photos as every command that lists them prints them (`photos`, `search`): the same field
/// names in a table, CSV, TSV, NDJSON and `--fields`.
package enum PhotoRecords {
  /// The fields: the API's, then the feeds' details.
  package static let fields: [Records.Field] =
    [
      .init("id", alignRight: true), .init("sol", alignRight: true), .init("camera"),
      .init("earth_date"), .init("img_src", "URL", linkTo: "img_src"),
      .init("nasa_id", "NASA ID", linkTo: "img_src"),
      .init("instrument"), .init("rover"),
    ] + PhotoDetailFields.fields

  /// The records of `photos`: a table of the id (when the photos have one), camera, day and
  /// address, or any field asked for; photos of several missions (a search's) begin with
  /// their rover and sol.
  package static func records(_ photos: [Photo]) -> Records {
    records(photos, numbered: photos.anyNumbered, mixed: photos.ofSeveralRovers)
  }

  /// The records of `photos`, a sequence that gives the same photos each time it is walked,
  /// whether any has an id (``Sequence/anyNumbered``) and whether they are of several
  /// missions known beforehand.
  package static func records(_ photos: some Sequence<Photo>, numbered: Bool, mixed: Bool)
    -> Records
  {
    let table =
      (mixed ? ["rover", "sol"] : []) + (numbered ? ["id"] : [])
      + ["camera", "earth_date", "img_src"]
    return Records(fields, photos, table: table) { photo in
      // One array a row, made at its size: the API's cells go in one by one, not as an
      // array of their own first (a search makes thousands of rows).
      var cells: [Records.Cell] = []
      cells.reserveCapacity(fields.count)
      cells.append(.number(photo.id))
      cells.append(.number(photo.sol))
      cells.append(.text(photo.camera.name))
      cells.append(.text(EarthDays.shownDay(photo)))
      cells.append(.text(photo.imgSrc))
      cells.append(.text(photo.nasaID))
      cells.append(.text(photo.instrument))
      cells.append(.text(photo.rover.name))
      PhotoDetailFields.append(photo.details, sequence: photo.sequence, to: &cells)
      return cells
    }
  }
}
