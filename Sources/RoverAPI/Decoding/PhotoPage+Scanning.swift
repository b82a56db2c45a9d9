#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PhotoPage {
  /// Reads a photo list body: `photos` or `latest_photos`, and Mars Vista's `pagination`;
  /// other members are skipped.
  static func scan(_ data: Data) throws -> PhotoPage {
    try JSONScanner.read(data) { scanner in
      var photos: [Photo]?
      var pagination: Pagination?
      try scanner.readObject { scanner, key in
        if scanner.isKey(key, "photos") || scanner.isKey(key, "latest_photos") {
          let name = scanner.isKey(key, "photos") ? "photos" : "latest_photos"
          photos = try scanner.member(name) { try Photo.scanList(&$0) }
        } else if scanner.isKey(key, "pagination"), !scanner.readNull() {
          pagination = try scanner.member("pagination") { try Pagination.scan(&$0) }
        } else {
          try scanner.skipValue()
        }
      }
      guard let photos else { throw scanner.missing("photos") }
      return PhotoPage(photos: photos, pagination: pagination)
    }
  }
}

extension Photo {
  /// Reads a list of photos.
  static func scanList(_ scanner: inout JSONScanner) throws -> [Photo] {
    try scanner.readList { try scan(&$0) }
  }

  /// Reads one photo as any server writes it; `nasa_id` and `instrument` are read when present
  /// (this tool's own JSON has them), as the `Decodable` conformance does.
  static func scan(_ scanner: inout JSONScanner) throws -> Photo {
    var id: Int?
    var sol: Int?
    var earthDate: String?
    var imgSrc: String?
    var camera: Camera?
    var rover: RoverReference?
    var nasaID: String?
    var instrument: String?
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "id") {
        id = try scanner.member("id") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "sol") {
        sol = try scanner.member("sol") { try $0.readInt() }
      } else if scanner.isKey(key, "earth_date") {
        earthDate = try scanner.member("earth_date") { try $0.readString() }
      } else if scanner.isKey(key, "img_src") {
        imgSrc = try scanner.member("img_src") { try $0.readString() }
      } else if scanner.isKey(key, "camera") {
        camera = try scanner.member("camera") { try Camera.scan(&$0) }
      } else if scanner.isKey(key, "rover") {
        rover = try scanner.member("rover") { try RoverReference.scan(&$0) }
      } else if scanner.isKey(key, "nasa_id") {
        nasaID = try scanner.member("nasa_id") { try $0.readOptionalString() }
      } else if scanner.isKey(key, "instrument") {
        instrument = try scanner.member("instrument") { try $0.readOptionalString() }
      } else {
        try scanner.skipValue()
      }
    }
    guard let sol else { throw scanner.missing("sol") }
    guard let earthDate else { throw scanner.missing("earth_date") }
    guard let imgSrc else { throw scanner.missing("img_src") }
    guard let camera else { throw scanner.missing("camera") }
    guard let rover else { throw scanner.missing("rover") }
    return Photo(
      id: id, sol: sol, earthDate: earthDate, imgSrc: imgSrc, camera: camera, rover: rover,
      nasaID: nasaID, instrument: instrument)
  }
}

extension Camera {
  static func scan(_ scanner: inout JSONScanner) throws -> Camera {
    var id: Int?
    var name: String?
    var roverID: Int?
    var fullName: String?
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "id") {
        id = try scanner.member("id") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "name") {
        name = try scanner.member("name") { try $0.readString() }
      } else if scanner.isKey(key, "rover_id") {
        roverID = try scanner.member("rover_id") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "full_name") {
        fullName = try scanner.member("full_name") { try $0.readOptionalString() }
      } else {
        try scanner.skipValue()
      }
    }
    guard let name else { throw scanner.missing("name") }
    return Camera(id: id, name: name, roverID: roverID, fullName: fullName)
  }
}

extension RoverReference {
  static func scan(_ scanner: inout JSONScanner) throws -> RoverReference {
    var id: Int?
    var name: String?
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "id") {
        id = try scanner.member("id") { try $0.readInt() }
      } else if scanner.isKey(key, "name") {
        name = try scanner.member("name") { try $0.readString() }
      } else {
        try scanner.skipValue()
      }
    }
    guard let id else { throw scanner.missing("id") }
    guard let name else { throw scanner.missing("name") }
    return RoverReference(id: id, name: name)
  }
}

extension Pagination {
  static func scan(_ scanner: inout JSONScanner) throws -> Pagination {
    var pagination = Pagination()
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "total_count") {
        pagination.totalCount = try scanner.member("total_count") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "page") {
        pagination.page = try scanner.member("page") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "per_page") {
        pagination.perPage = try scanner.member("per_page") { try $0.readOptionalInt() }
      } else if scanner.isKey(key, "total_pages") {
        pagination.totalPages = try scanner.member("total_pages") { try $0.readOptionalInt() }
      } else {
        try scanner.skipValue()
      }
    }
    return pagination
  }
}
