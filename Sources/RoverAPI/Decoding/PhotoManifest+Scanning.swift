#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PhotoManifest {
  /// Reads `{"photo_manifest": {…}}`: the mission summary and one entry per sol.
  static func scan(_ data: Data) throws -> PhotoManifest {
    try JSONScanner.read(data) { scanner in
      var manifest: PhotoManifest?
      try scanner.readObject { scanner, key in
        guard scanner.isKey(key, "photo_manifest") else { return try scanner.skipValue() }
        manifest = try scanner.member("photo_manifest") { try scan(&$0) }
      }
      guard let manifest else { throw scanner.missing("photo_manifest") }
      return manifest
    }
  }

  private static func scan(_ scanner: inout JSONScanner) throws -> PhotoManifest {
    var strings: [String: String] = [:]
    var numbers: [String: Int] = [:]
    var photos: [ManifestEntry]?
    try scanner.readObject { scanner, key in
      for name: StaticString in ["name", "landing_date", "launch_date", "status", "max_date"]
      where scanner.isKey(key, name) {
        strings[name.description] = try scanner.member(name.description) { try $0.readString() }
        return
      }
      for name: StaticString in ["max_sol", "total_photos"] where scanner.isKey(key, name) {
        numbers[name.description] = try scanner.member(name.description) { try $0.readInt() }
        return
      }
      if scanner.isKey(key, "photos") {
        photos = try scanner.member("photos") { try $0.readList { try ManifestEntry.scan(&$0) } }
      } else {
        try scanner.skipValue()
      }
    }
    for name in ["name", "landing_date", "launch_date", "status", "max_date"]
    where strings[name] == nil {
      throw scanner.missing(name)
    }
    for name in ["max_sol", "total_photos"] where numbers[name] == nil {
      throw scanner.missing(name)
    }
    guard let photos else { throw scanner.missing("photos") }
    return PhotoManifest(
      name: strings["name", default: ""], landingDate: strings["landing_date", default: ""],
      launchDate: strings["launch_date", default: ""], status: strings["status", default: ""],
      maxSol: try Plausible.sol(numbers["max_sol", default: 0], field: "max_sol"),
      maxDate: strings["max_date", default: ""],
      totalPhotos: try Plausible.count(numbers["total_photos", default: 0], field: "total_photos"),
      photos: photos)
  }
}

extension ManifestEntry {
  static func scan(_ scanner: inout JSONScanner) throws -> ManifestEntry {
    var sol: Int?
    var earthDate: String?
    var total: Int?
    var cameras: [String]?
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "sol") {
        sol = try scanner.member("sol") { try $0.readInt() }
      } else if scanner.isKey(key, "earth_date") {
        earthDate = try scanner.member("earth_date") { try $0.readString() }
      } else if scanner.isKey(key, "total_photos") {
        total = try scanner.member("total_photos") { try $0.readInt() }
      } else if scanner.isKey(key, "cameras") {
        cameras = try scanner.member("cameras") { try $0.readStrings() }
      } else {
        try scanner.skipValue()
      }
    }
    guard let sol else { throw scanner.missing("sol") }
    guard let earthDate else { throw scanner.missing("earth_date") }
    guard let total else { throw scanner.missing("total_photos") }
    guard let cameras else { throw scanner.missing("cameras") }
    return ManifestEntry(
      sol: try Plausible.sol(sol, field: "photos[].sol"), earthDate: earthDate,
      totalPhotos: try Plausible.count(total, field: "photos[].total_photos"), cameras: cameras)
  }
}
