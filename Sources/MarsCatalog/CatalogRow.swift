import MarsTime
import PlainText
import RoverAPI

/// A photo as a row of the catalogue and back: the one mapping between ``Photo`` and the
/// photos table's columns (``CatalogSchema/photoColumns``).
enum CatalogRow {
  /// An image address as the photo's name between a prefix and a suffix, which the catalogue
  /// keeps once each (`addresses`); `nil` where the name is not in the address.
  struct Address: Hashable {
    let prefix: String
    let suffix: String
    /// Both parts' hash, made once: all a dictionary of addresses hashes, one lookup a photo.
    private let hash: UInt64

    /// The address of `photo` split around its name, at the name's last place in it. Found
    /// among the bytes: the name starts with a whole character, so the split is between two.
    init?(of photo: Photo) {
      // Read in place: a sync splits every photo's address, and copies of the bytes cost
      // more than the search.
      var (address, name) = (photo.imgSrc, photo.nasaID)
      let split = address.withUTF8 { address in
        name.withUTF8 { name -> (prefix: String, suffix: String)? in
          guard !name.isEmpty, address.count >= name.count,
            let start = stride(from: address.count - name.count, through: 0, by: -1).first(
              where: {
                address[$0] == name[0] && address[$0..<($0 + name.count)].elementsEqual(name)
              })
          else { return nil }
          return (
            String(decoding: UnsafeBufferPointer(rebasing: address[..<start]), as: UTF8.self),
            String(
              decoding: UnsafeBufferPointer(rebasing: address[(start + name.count)...]),
              as: UTF8.self)
          )
        }
      }
      guard let split else { return nil }
      self.init(prefix: split.prefix, suffix: split.suffix)
    }

    init(prefix: String, suffix: String) {
      self.prefix = prefix
      self.suffix = suffix
      // The hash of the prefix, a zero byte and the suffix, read where each is.
      var (prefix, suffix) = (prefix, suffix)
      let head = prefix.withUTF8 { FNV1a.hash(UnsafeRawBufferPointer($0)) }
      let separated = withUnsafeBytes(of: UInt8(0)) { FNV1a.hash($0, continuing: head) }
      hash = suffix.withUTF8 { FNV1a.hash(UnsafeRawBufferPointer($0), continuing: separated) }
    }

    /// The address of the photo named `name`: the name between the two parts, put together
    /// in one string made once at its length (a listing makes one a photo).
    func address(of name: String) -> String {
      String(
        unsafeUninitializedCapacity: prefix.utf8.count + name.utf8.count + suffix.utf8.count
      ) { bytes in
        var end = bytes.initialize(fromContentsOf: prefix.utf8)
        end += UnsafeMutableBufferPointer(rebasing: bytes[end...])
          .initialize(fromContentsOf: name.utf8)
        return end
          + UnsafeMutableBufferPointer(rebasing: bytes[end...])
          .initialize(fromContentsOf: suffix.utf8)
      }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (one: Address, other: Address) -> Bool {
      one.hash == other.hash && one.prefix == other.prefix && one.suffix == other.suffix
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
      .integer(photo.id), .text(photo.camera.name), .text(instrument(of: photo)),
      capture.dateTaken?.prefix(10) == photo.earthDate[...] ? .null : .text(photo.earthDate),
      .text(capture.dateTaken), .real(secondsOfDay(details.marsClock)),
      .real(solarLongitude(capture.dateTaken)), .real(details.mastAzimuth),
      .real(details.mastElevation), .integer(details.site), .integer(details.drive),
      .text(details.sampleType), .text(details.filter), .integer(size?.width),
      .integer(size?.height), .integer(address), address == nil ? .text(photo.imgSrc) : .null,
      .integer(title), .integer(caption),
    ]
  }

  /// Where in ``values(of:mission:address:title:caption:)`` the numbers only the file knows
  /// go: a sol is made ready (``Catalog/PreparedSol``) before its writer looks them up.
  static let missionColumn = writtenPosition(of: "mission")
  static let addressColumn = writtenPosition(of: "address")
  static let titleColumn = writtenPosition(of: "title")
  static let captionColumn = writtenPosition(of: "caption")

  private static func writtenPosition(of name: String) -> Int {
    CatalogSchema.writtenColumns.firstIndex { $0.name == name } ?? 0
  }

  /// The instrument a photo is counted and searched under: NASA's, or the camera where the
  /// record names none (the API's photos of Spirit and Opportunity, which are read back
  /// without one, as the API gives them).
  static func instrument(of photo: Photo) -> String { photo.instrument ?? photo.camera.name }

  /// The Earth day in SQL: the column, else the day of `date_taken` (most photos'), so the
  /// day is stored only where it differs.
  static let earthDate = "coalesce(photos.earth_date, substr(photos.date_taken, 1, 10))"

  /// The columns a search selects, as ``photo(from:missions:rovers:addresses:texts:)`` reads
  /// them: the title and caption by their numbers in `texts`, read once a listing
  /// (``CatalogTextMemo``), not joined to every row.
  static let selected =
    "photos.mission, photos.sol, nasa_id, feed_id, camera, instrument, earth_date, date_taken,"
    + " lmst, mast_az, mast_el, site, drive, sample_type, filter, width, height, address,"
    + " img_src, photos.title, photos.caption"

  /// The photos with their titles' and captions' templates, for a search of their words.
  static let joined =
    "photos LEFT JOIN texts AS title_text ON title_text.id = photos.title"
    + " LEFT JOIN texts AS caption_text ON caption_text.id = photos.caption"

  /// The title and caption written back, for a text search: the same SQL as `photo_list`'s.
  static var words: String {
    "lower(coalesce(" + CatalogText.sql(text: "title_text.text", templated: "title_text.templated")
      + ", '') || ' ' || coalesce("
      + CatalogText.sql(text: "caption_text.text", templated: "caption_text.templated") + ", ''))"
  }

  /// The photo of a row of ``selected``, given the missions' names, the missions themselves
  /// (``missionRovers(_:)``), the addresses by number and the listing's texts so far.
  static func photo(
    from row: [SQLiteValue], missions: [Int: String], rovers: [Int: CatalogRover],
    addresses: [Int: Address], texts: inout CatalogTextMemo
  ) throws -> Photo {
    let roverName = missions[row[0].integerValue ?? 0] ?? ""
    let mission = rovers[row[0].integerValue ?? 0]
    let rover = mission?.facts
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
    func text(_ column: Int) throws -> String? {
      try row[column].integerValue.flatMap { try texts.text($0, fields) }
    }
    let details = PhotoDetails(
      // The fields' local time: within a day, whatever the file holds (people may write it).
      marsTime: fields.lmst.map { marsTime(sol: sol, seconds: $0) },
      mastAzimuth: row[9].realValue, mastElevation: row[10].realValue,
      site: row[11].integerValue, drive: row[12].integerValue, sampleType: row[13].textValue,
      filter: row[14].textValue, title: try text(19), caption: try text(20), capture: capture)
    let address = row[17].integerValue.flatMap { addresses[$0] }
    let imgSrc = row[18].textValue ?? address.map { $0.address(of: nasaID) } ?? ""
    return Photo(
      id: row[3].integerValue, sol: sol,
      earthDate: row[6].textValue ?? capture.dateTaken.map { String($0.prefix(10)) } ?? "",
      imgSrc: imgSrc,
      camera: camera, rover: RoverReference(id: rover?.id ?? 0, name: rover?.name ?? roverName),
      nasaID: nasaID, instrument: mission?.inFeeds == false ? nil : row[5].textValue,
      details: details)
  }

  /// The missions by number, found once for a listing rather than once a row.
  static func missionRovers(_ missions: [Int: String]) -> [Int: CatalogRover] {
    missions.compactMapValues(CatalogRover.named)
  }

  /// `12:34:56.789` as seconds after midnight; `nil` for anything else. Read byte by byte
  /// (a sync reads one a photo); the seconds are the decimal's own double, as `Double(text)`
  /// reads it: up to 15 digits, their whole number over a power of ten is exactly that. A
  /// part too long for a whole number is no clock: a feed's text, never a trap.
  static func secondsOfDay(_ clock: Substring?) -> Double? {
    guard let bytes = clock?.utf8, bytes.count <= 24 else { return nil }
    // The parts read so far (hours, then minutes), and the one being read.
    var done: (hours: Int, minutes: Int) = (0, 0)
    var part = 0
    var whole = 0
    var digits = 0
    var scale = 1.0
    var inFraction = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        let (tens, over) = whole.multipliedReportingOverflow(by: 10)
        let (next, past) = tens.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
        guard !over, !past else { return nil }
        (whole, digits) = (next, digits + 1)
        if inFraction { scale *= 10 }
      case UInt8(ascii: ":") where !inFraction && part < 2 && digits > 0:
        if part == 0 { done.hours = whole } else { done.minutes = whole }
        (part, whole, digits) = (part + 1, 0, 0)
      case UInt8(ascii: ".") where part == 2 && !inFraction: inFraction = true
      default: return nil
      }
    }
    guard part == 2, digits > 0, digits <= 15, done.hours < 25, done.minutes < 60 else {
      return nil
    }
    let second = Double(whole) / scale
    guard second < 61 else { return nil }
    return Double(done.hours * 3600 + done.minutes * 60) + second
  }

  /// The feeds' way of writing a local mean solar time: `Sol-01000M12:34:56.789`.
  /// `seconds` is within a day's 100,000 (``CatalogText/Fields``).
  static func marsTime(sol: Int, seconds: Double) -> String {
    // Made once a photo of a listing, so written straight into the string's own storage:
    // an array of bytes first, grown and then copied, was 7% of a search's work.
    // Room for the longest: `Sol-`, a sign and 19 digits of sol, `M` and the clock.
    String(unsafeUninitializedCapacity: 25 + CatalogText.Fields.clockRoom) { bytes in
      var end = bytes.initialize(fromContentsOf: "Sol-".utf8)
      if sol < 0 { (bytes[end], end) = (UInt8(ascii: "-"), end + 1) }
      end = DecimalDigits.write(sol.magnitude, minimum: 5, into: bytes, at: end)
      bytes[end] = UInt8(ascii: "M")
      return CatalogText.Fields.writeClockWithMillis(seconds, into: bytes, at: end + 1)
    }
  }

  /// Mars's solar longitude when the photo was taken, by Mars24; `nil` without a time.
  static func solarLongitude(_ dateTaken: String?) -> Double? {
    guard let dateTaken, let seconds = TimeText.secondsSince1970(dateTaken) else { return nil }
    return Mars24(secondsSince1970: seconds).solarLongitude
  }
}
