import RoverAPI

/// Whether the cameras asked for are ones the rovers carry: checked against the server's own
/// list of each rover's cameras, never a list built into the tool.
public enum CameraCheck {
  /// Checks every camera against the cameras of the rovers, ignoring case; a rover list
  /// without cameras (some servers leave them out) checks nothing. Throws
  /// ``ArchiveError/unknownCamera(_:rover:known:)`` for the first one none carries.
  ///
  /// NASA's instrument names pass too, since servers and the feeds use them: one whose legacy
  /// camera is listed (`NAV_LEFT_B` for `NAVCAM`), or one that differs from a listed camera only
  /// in its last part (`FRONT_HAZCAM_LEFT_B` beside `FRONT_HAZCAM_LEFT_A`).
  public static func check(_ cameras: [String], on rovers: [Rover]) throws {
    var known: [String] = []
    for name in rovers.flatMap({ $0.cameras.map { $0.name.uppercased() } })
    where !known.contains(name) {
      known.append(name)
    }
    guard !known.isEmpty else { return }
    for camera in cameras where !isKnown(camera.uppercased(), among: known) {
      throw ArchiveError.unknownCamera(
        camera, rover: rovers.count == 1 ? rovers[0].name : nil, known: known)
    }
  }

  /// The cameras of `cameras` that `rover` carries; all of them when the server listed none for
  /// it (nothing to check against).
  public static func carried(_ cameras: [String], by rover: Rover) -> [String] {
    let known = rover.cameras.map { $0.name.uppercased() }
    guard !known.isEmpty else { return cameras }
    return cameras.filter { isKnown($0.uppercased(), among: known) }
  }

  /// Whether a manifest's camera names for a sol include `camera`, as a name or as the camera
  /// an instrument belongs to (`NAV_LEFT_B` is a `NAVCAM`).
  public static func names(_ names: [String], include camera: String) -> Bool {
    let upper = camera.uppercased()
    let legacy = FeedMapping.legacyCamera(for: upper)
    return names.contains { name in
      let name = name.uppercased()
      return name == upper || name == legacy || FeedMapping.legacyCamera(for: name) == upper
    }
  }

  private static func isKnown(_ camera: String, among known: [String]) -> Bool {
    if known.contains(camera) || known.contains(FeedMapping.legacyCamera(for: camera)) {
      return true
    }
    let stem = { (name: String) in name.split(separator: "_").dropLast().joined(separator: "_") }
    let own = stem(camera)
    return !own.isEmpty && known.contains { stem($0) == own }
  }

  /// Whether `camera` (upper-cased) names one of `names`: the camera itself, or the start of
  /// its name (`NAVCAM` for `NAVCAM_LEFT`, since Perseverance names its cameras per eye).
  public static func names(_ names: [String], startWith camera: String) -> Bool {
    names.contains { name in
      let name = name.uppercased()
      return name == camera || name.hasPrefix(camera + "_")
    }
  }

  /// Refuses a camera the rover does not carry: one of its cameras, the start of one's name,
  /// or what ``check(_:on:)`` takes (NASA's instrument names).
  public static func checkStarts(_ cameras: [String], on rover: Rover) throws {
    for camera in cameras where !names(rover.cameras.map(\.name), startWith: camera) {
      try check([camera], on: [rover])
    }
  }
}
