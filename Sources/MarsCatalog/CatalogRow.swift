import MarsTime
import RoverAPI

/// A photo as a row of the catalogue and back: the one mapping between ``Photo`` and the
/// photos table's columns (``CatalogSchema/photoColumns``).
enum CatalogRow {
  /// An image address as the photo's name between a prefix and a suffix, which the catalogue
  /// keeps once each (`addresses`); `nil` where the name is not in the address.
  struct Address: Hashable {
    var prefix: String
    var suffix: String

    /// The address of `photo` split around its name, at the name's last place in it.
    init?(of photo: Photo) {
      guard let range = photo.imgSrc.ranges(of: photo.nasaID).last else { return nil }
      prefix = String(photo.imgSrc[..<range.lowerBound])
      suffix = String(photo.imgSrc[range.upperBound...])
    }

    init(prefix: String, suffix: String) {
      self.prefix = prefix
      self.suffix = suffix
    }
  }

  /// The written columns' values for `photo` of mission number `mission`, whose address is
  /// row `address` of `addresses` (else written whole), in the order of
  /// ``CatalogSchema/writtenColumns``.
  static func values(
    of photo: Photo, mission: Int, address: Int?, title: Int?, caption: Int?
  ) -> [SQLiteValue] {
    let details = photo.details
    let capture = details.capture
    let size = capture.pixelSize
    return [
      .integer(mission), .integer(photo.sol), .text(photo.nasaID), .text(photo.sequence),
      .integer(photo.id), .text(photo.camera.name), .text(photo.instrument),
      capture.dateTaken?.prefix(10) == photo.earthDate[...] ? .null : .text(photo.earthDate),
      .text(capture.dateTaken), .real(secondsOfDay(details.marsClock)),
      .real(solarLongitude(capture.dateTaken)), .real(details.mastAzimuth),
      .real(details.mastElevation), .integer(details.site), .integer(details.drive),
      .text(details.sampleType), .text(details.filter), .integer(size?.width),
      .integer(size?.height), .integer(address), address == nil ? .text(photo.imgSrc) : .null,
      .integer(title), .integer(caption),
    ]
  }

  /// The Earth day in SQL: the column, else the day of `date_taken` (most photos'), so the
  /// day is stored only where it differs.
  static let earthDate = "coalesce(photos.earth_date, substr(photos.date_taken, 1, 10))"

  /// The columns a search selects, as ``photo(from:missions:addresses:)`` reads them, from
  /// ``joined``.
  static let selected =
    "photos.mission, photos.sol, nasa_id, feed_id, camera, instrument, earth_date, date_taken,"
    + " lmst, mast_az, mast_el, site, drive, sample_type, filter, width, height, address,"
    + " img_src, title_text.text, title_text.templated, caption_text.text,"
    + " caption_text.templated"

  /// The photos with their titles' and captions' templates.
  static let joined =
    "photos LEFT JOIN texts AS title_text ON title_text.id = photos.title"
    + " LEFT JOIN texts AS caption_text ON caption_text.id = photos.caption"

  /// The title and caption written back, for a text search: the same SQL as `photo_list`'s.
  static var words: String {
    "lower(coalesce(" + CatalogText.sql(text: "title_text.text", templated: "title_text.templated")
      + ", '') || ' ' || coalesce("
      + CatalogText.sql(text: "caption_text.text", templated: "caption_text.templated") + ", ''))"
  }

  /// The photo of a row of ``selected``, given the missions' names and the addresses by number.
  static func photo(
    from row: [SQLiteValue], missions: [Int: String], addresses: [Int: Address]
  ) -> Photo {
    let roverName = missions[row[0].integerValue ?? 0] ?? ""
    let rover = FeedRover.named(roverName)
    let sol = row[1].integerValue ?? 0
    let nasaID = row[2].textValue ?? ""
    let cameraName = row[4].textValue ?? ""
    let camera =
      rover?.cameras.first { $0.name == cameraName }
      ?? Camera(name: cameraName, roverID: rover?.id, fullName: nil)
    var capture = PhotoCapture()
    capture.dateTaken = row[7].textValue
    if let width = row[15].integerValue, let height = row[16].integerValue {
      capture.dimension = [width, height]
    }
    let fields = CatalogText.Fields(sol: sol, dateTaken: capture.dateTaken, lmst: row[8].realValue)
    let text = { (column: Int) -> String? in
      guard let text = row[column].textValue else { return nil }
      return row[column + 1].integerValue == 1 ? CatalogText.rebuild(text, fields) : text
    }
    let details = PhotoDetails(
      marsTime: row[8].realValue.map { marsTime(sol: sol, seconds: $0) },
      mastAzimuth: row[9].realValue, mastElevation: row[10].realValue,
      site: row[11].integerValue, drive: row[12].integerValue, sampleType: row[13].textValue,
      filter: row[14].textValue, title: text(19), caption: text(21), capture: capture)
    let address = row[17].integerValue.flatMap { addresses[$0] }
    let imgSrc = row[18].textValue ?? address.map { $0.prefix + nasaID + $0.suffix } ?? ""
    return Photo(
      id: row[3].integerValue, sol: sol,
      earthDate: row[6].textValue ?? capture.dateTaken.map { String($0.prefix(10)) } ?? "",
      imgSrc: imgSrc,
      camera: camera, rover: RoverReference(id: rover?.id ?? 0, name: rover?.name ?? roverName),
      nasaID: nasaID, instrument: row[5].textValue, details: details)
  }

  /// `12:34:56.789` as seconds after midnight; `nil` for anything else.
  static func secondsOfDay(_ clock: Substring?) -> Double? {
    guard let parts = clock?.split(separator: ":"), parts.count == 3,
      let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Double(parts[2]),
      (0..<25).contains(hour), (0..<60).contains(minute), (0..<61).contains(second)
    else { return nil }
    return Double(hour * 3600 + minute * 60) + second
  }

  /// The feeds' way of writing a local mean solar time: `Sol-01000M12:34:56.789`.
  static func marsTime(sol: Int, seconds: Double) -> String {
    "Sol-" + CatalogText.Fields.digits(sol, 5) + "M" + CatalogText.Fields.clockWithMillis(seconds)
  }

  /// Mars's solar longitude when the photo was taken, by Mars24; `nil` without a time.
  static func solarLongitude(_ dateTaken: String?) -> Double? {
    guard let dateTaken, let seconds = TimeText.secondsSince1970(dateTaken) else { return nil }
    return Mars24(secondsSince1970: seconds).solarLongitude
  }
}
