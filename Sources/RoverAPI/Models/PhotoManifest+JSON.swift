import PlainText

extension PhotoManifest {
  /// The mission's members and the entries, in the order of their names.
  private static let members = MissionSummary.members(
    of: { (manifest: PhotoManifest) in manifest.mission },
    with: [
      (
        "photos",
        { @Sendable manifest, json in
          json.key("photos")
          json.array(manifest.photos) { json, entry in entry.write(to: &json) }
        }
      )
    ])

  /// Writes the manifest as one object, as the API's members name it and in their order: what
  /// `manifest --json` prints and what a gallery's folder keeps (compact, the bytes
  /// `JSONEncoder` wrote for it). The coverage is never part of it.
  public func write(to json: inout JSONWriter) {
    json.object { json in
      for member in Self.members { member.write(self, &json) }
    }
  }
}

extension ManifestEntry {
  /// Writes the entry as one object, its members in the order of their names.
  public func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("cameras", strings: cameras)
      json.member("earth_date", earthDate)
      json.member("sol", sol)
      json.member("total_photos", totalPhotos)
    }
  }
}
