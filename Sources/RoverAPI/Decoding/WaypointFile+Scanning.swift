#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension WaypointFile {
  /// Reads NASA's GeoJSON waypoint file in one pass of the scanner (the files are a few MB):
  /// each feature's `properties` (`sol`, `site`, `drive` or the `RMC` "site_drive", `lat`,
  /// `lon`, `elev_geoid`, `dist_total_m`), its `geometry.coordinates` (longitude, latitude,
  /// elevation) standing in for what the properties lack. A feature without a sol, site and
  /// drive, or a place is counted and left out; anything else unknown is skipped.
  public static func scanning(_ data: Data) throws -> WaypointFile {
    try JSONScanner.read(data) { scanner in
      var points: [Waypoint] = []
      var skipped = 0
      var sawFeatures = false
      try scanner.readObject { scanner, key in
        guard scanner.isKey(key, "features") else { return try scanner.skipValue() }
        sawFeatures = true
        try scanner.readArray { scanner, _ in
          var feature = Feature()
          try feature.read(&scanner)
          if let point = feature.waypoint { points.append(point) } else { skipped += 1 }
        }
      }
      guard sawFeatures else { throw scanner.missing("features") }
      // What no point could be given, from its properties or its coordinates.
      var missing: [String] = []
      if !points.isEmpty, !points.contains(where: { $0.elevation != nil }) {
        missing.append("elev_geoid")
      }
      if !points.isEmpty, !points.contains(where: { $0.distance != nil }) {
        missing.append("dist_total_m")
      }
      return WaypointFile(waypoints: points, skipped: skipped, missingFields: missing)
    }
  }
}

/// What one feature says, as it is read.
private struct Feature {
  var sol: Int?
  var site: Int?
  var drive: Int?
  var latitude: Double?
  var longitude: Double?
  var elevation: Double?
  var distance: Double?
  var coordinates: [Double?] = []

  mutating func read(_ scanner: inout JSONScanner) throws {
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "properties") {
        if !scanner.readNull() { try readProperties(&scanner) }
      } else if scanner.isKey(key, "geometry") {
        // A feature may have no geometry (null); its properties then say where it is.
        guard !scanner.readNull() else { return }
        try scanner.readObject { scanner, key in
          guard scanner.isKey(key, "coordinates") else { return try scanner.skipValue() }
          guard !scanner.readNull() else { return }
          try scanner.readArray { scanner, _ in coordinates.append(try scanner.readDecimal()) }
        }
      } else {
        try scanner.skipValue()
      }
    }
  }

  private mutating func readProperties(_ scanner: inout JSONScanner) throws {
    try scanner.readObject { scanner, key in
      if scanner.isKey(key, "sol") {
        sol = try scanner.readDecimal().flatMap(Self.whole)
      } else if scanner.isKey(key, "site") {
        site = try scanner.readDecimal().flatMap(Self.whole)
      } else if scanner.isKey(key, "drive") {
        drive = try scanner.readDecimal().flatMap(Self.whole)
      } else if scanner.isKey(key, "RMC") {
        // "3_0": the counters, for files whose properties lack them.
        let parts = (try scanner.readOptionalString() ?? "").split(separator: "_")
        if parts.count >= 2 {
          site = site ?? Int(parts[0])
          drive = drive ?? Int(parts[1])
        }
      } else if scanner.isKey(key, "lat") {
        latitude = try scanner.readDecimal()
      } else if scanner.isKey(key, "lon") {
        longitude = try scanner.readDecimal()
      } else if scanner.isKey(key, "elev_geoid") {
        elevation = try scanner.readDecimal()
      } else if scanner.isKey(key, "dist_total_m") || scanner.isKey(key, "dist_total") {
        distance = try scanner.readDecimal()
      } else {
        try scanner.skipValue()
      }
    }
  }

  /// A whole number from a decimal one, within what a counter can be.
  private static func whole(_ value: Double) -> Int? {
    guard value == value.rounded(), abs(value) < 1e9 else { return nil }
    return Int(value)
  }

  /// The point, when it has a sol, its counters and a place in range.
  var waypoint: Waypoint? {
    let lon = longitude ?? coordinates.first ?? nil
    let lat = latitude ?? (coordinates.count > 1 ? coordinates[1] : nil)
    guard let sol, sol >= 0, let site, let drive, let lat, let lon, (-90...90).contains(lat),
      (-360...360).contains(lon)
    else { return nil }
    let height = elevation ?? (coordinates.count > 2 ? coordinates[2] : nil)
    return Waypoint(
      sol: sol, site: site, drive: drive, latitude: lat, longitude: lon, elevation: height,
      distance: distance)
  }
}
