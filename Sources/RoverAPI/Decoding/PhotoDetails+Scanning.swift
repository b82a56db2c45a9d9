extension PhotoDetails {
  /// The members a record keeps under their own names, and those names' bytes, as a key is
  /// matched; and the place's, kept as one object.
  private static let kept = members.filter(\.isKept)
  private static let keptNames = kept.map { Array($0.name.utf8) }
  private static let placeName = [Array(placeKey.stringValue.utf8)]

  /// Reads details as a mirror's sol record keeps them (``write(to:)``), by the same lenient
  /// rules as `Decodable` reads them (``LenientMember``), in one pass: a record of thousands
  /// of photos is read without a value tree. Throws where the value is not an object.
  package static func scan(_ scanner: inout JSONScanner) throws -> PhotoDetails {
    var details = PhotoDetails()
    try scanner.readObject { scanner, key in
      if let position = scanner.position(of: key, in: keptNames) {
        kept[position].read?(try ScannedMember.read(&scanner), &details)
      } else if scanner.position(of: key, in: placeName) != nil {
        details.place = try PhotoPlace.scanLeniently(&scanner)
      } else {
        try scanner.skipValue()
      }
    }
    return details
  }
}

extension PhotoPlace {
  /// The members a place is read from, and their names' bytes, as a key is matched.
  private static let scannedKeys: [CodingKeys] = [.latitude, .longitude, .elevation, .isExact]
  private static let scannedNames = scannedKeys.map { Array($0.rawValue.utf8) }

  /// A place as a record keeps it, or `nil` where it is not one, as `Decodable` reads it
  /// there (the latitude and longitude numbers, the elevation a number if any, `exact` a
  /// flag or false, a place on Mars); the value is read whole either way.
  static func scanLeniently(_ scanner: inout JSONScanner) throws -> PhotoPlace? {
    guard scanner.nextKind() == .object else {
      try scanner.skipValue()
      return nil
    }
    var members: [CodingKeys: ScannedMember] = [:]
    try scanner.readObject { scanner, key in
      guard let position = scanner.position(of: key, in: scannedNames) else {
        return try scanner.skipValue()
      }
      members[scannedKeys[position]] = try ScannedMember.read(&scanner)
    }
    guard let latitude = members[.latitude]?.number, let longitude = members[.longitude]?.number
    else { return nil }
    var elevation: Double?
    switch members[.elevation] ?? .absent {
    case .absent: elevation = nil
    case .number(let value, _): elevation = value
    default: return nil
    }
    guard isOnMars(latitude: latitude, longitude: longitude, elevation: elevation) else {
      return nil
    }
    return PhotoPlace(
      latitude: latitude, longitude: longitude, elevation: elevation,
      isExact: members[.isExact]?.flag ?? false)
  }
}
