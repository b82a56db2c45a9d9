import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SolRecord {
  /// Reads a record as `JSONDecoder` reads it (the same members required, the same types,
  /// the details as leniently), in one pass: through `JSONDecoder`, reading the records was a
  /// tenth of a gallery's rebuild, and a run that updates a sol of 5,000 photos took a tenth
  /// longer.
  static func scanned(_ data: Data) throws -> SolRecord {
    try JSONScanner.read(data) { scanner in
      var (rover, sol): (String?, Int?) = (nil, nil)
      var (photos, gone): ([SavedPhoto]?, [GonePhoto]?) = (nil, nil)
      try scanner.readObject { scanner, key in
        if scanner.isKey(key, "rover") {
          rover = try scanner.member("rover") { try $0.readString() }
        } else if scanner.isKey(key, "sol") {
          sol = try scanner.member("sol") { try $0.readInt() }
        } else if scanner.isKey(key, "photos") {
          photos = try scanner.member("photos") { try $0.readList { try SavedPhoto.scan(&$0) } }
        } else if scanner.isKey(key, "gone") {
          gone = try scanner.member("gone") { try $0.readList { try GonePhoto.scan(&$0) } }
        } else {
          try scanner.skipValue()
        }
      }
      guard let rover else { throw scanner.missing("rover") }
      guard let sol else { throw scanner.missing("sol") }
      guard let photos else { throw scanner.missing("photos") }
      guard let gone else { throw scanner.missing("gone") }
      var record = SolRecord(rover: rover, sol: sol)
      record.photos = photos
      record.gone = gone
      return record
    }
  }
}

extension SolRecord.SavedPhoto {
  fileprivate static func scan(_ scanner: inout JSONScanner) throws -> Self {
    var id: Int?
    var (nasaID, camera, earthDate, imgSrc, file): (String?, String?, String?, String?, String?)
    var (cameraFullName, instrument, sequence): (String?, String?, String?)
    var details: PhotoDetails?
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "id") {
        id = try scanner.member("id") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "nasa_id") {
        nasaID = try scanner.member("nasa_id") { try $0.readString() }
      } else if scanner.isKey(key, "camera") {
        camera = try scanner.member("camera") { try $0.readString() }
      } else if scanner.isKey(key, "camera_full_name") {
        cameraFullName = try scanner.member("camera_full_name") { try $0.readOptionalString() }
      } else if scanner.isKey(key, "instrument") {
        instrument = try scanner.member("instrument") { try $0.readOptionalString() }
      } else if scanner.isKey(key, "earth_date") {
        earthDate = try scanner.member("earth_date") { try $0.readString() }
      } else if scanner.isKey(key, "img_src") {
        imgSrc = try scanner.member("img_src") { try $0.readString() }
      } else if scanner.isKey(key, "file") {
        file = try scanner.member("file") { try $0.readString() }
      } else if scanner.isKey(key, "details") {
        details = try scanner.member("details") { scanner in
          scanner.readNull() ? nil : try PhotoDetails.scan(&scanner)
        }
      } else if scanner.isKey(key, "sequence") {
        sequence = try scanner.member("sequence") { try $0.readOptionalString() }
      } else {
        try scanner.skipValue()
      }
    }
    guard let nasaID else { throw scanner.missing("nasa_id") }
    guard let camera else { throw scanner.missing("camera") }
    guard let earthDate else { throw scanner.missing("earth_date") }
    guard let imgSrc else { throw scanner.missing("img_src") }
    guard let file else { throw scanner.missing("file") }
    return Self(
      id: id, nasaID: nasaID, camera: camera, cameraFullName: cameraFullName,
      instrument: instrument, earthDate: earthDate, imgSrc: imgSrc, file: file, details: details,
      sequence: sequence)
  }
}

extension SolRecord.SavedPhoto {
  fileprivate init(
    id: Int?, nasaID: String, camera: String, cameraFullName: String?, instrument: String?,
    earthDate: String, imgSrc: String, file: String, details: PhotoDetails?, sequence: String?
  ) {
    (self.id, self.nasaID, self.camera, self.cameraFullName) = (id, nasaID, camera, cameraFullName)
    (self.instrument, self.earthDate, self.imgSrc) = (instrument, earthDate, imgSrc)
    (self.file, self.details, self.sequence) = (file, details, sequence)
  }
}

extension SolRecord.GonePhoto {
  fileprivate static func scan(_ scanner: inout JSONScanner) throws -> Self {
    var (nasaID, imgSrc, since): (String?, String?, Double?)
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "nasa_id") {
        nasaID = try scanner.member("nasa_id") { try $0.readString() }
      } else if scanner.isKey(key, "img_src") {
        imgSrc = try scanner.member("img_src") { try $0.readString() }
      } else if scanner.isKey(key, "since") {
        since = try scanner.member("since") { try $0.readNumber().value }
      } else {
        try scanner.skipValue()
      }
    }
    guard let nasaID else { throw scanner.missing("nasa_id") }
    guard let imgSrc else { throw scanner.missing("img_src") }
    guard let since else { throw scanner.missing("since") }
    return Self(nasaID: nasaID, imgSrc: imgSrc, since: since)
  }
}
