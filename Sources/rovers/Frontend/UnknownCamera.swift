import RoverAPI

/// A camera none of the rovers asked about carries, with the names they do carry.
struct UnknownCamera: Error, CustomStringConvertible {
  var camera: String
  /// The rover's name when one rover was asked about.
  var rover: String?
  var known: [String]

  var description: String {
    let owner = rover.map { " on \($0)" } ?? ""
    let hint = Suggestion.hint(for: camera, in: known)
    return "Unknown camera '\(camera)'\(owner).\(hint) Cameras: \(known.joined(separator: ", "))."
  }

  /// Checks every camera against the cameras of the rovers, ignoring case; a rover list
  /// without cameras (some servers leave them out) checks nothing.
  ///
  /// NASA's instrument names pass too, since servers and the feeds use them: one whose legacy
  /// camera is listed (`NAV_LEFT_B` for `NAVCAM`), or one that differs from a listed camera only
  /// in its last part (`FRONT_HAZCAM_LEFT_B` beside `FRONT_HAZCAM_LEFT_A`).
  static func check(_ cameras: [String], on rovers: [Rover]) throws {
    var known: [String] = []
    for name in rovers.flatMap({ $0.cameras.map { $0.name.uppercased() } })
    where !known.contains(name) {
      known.append(name)
    }
    guard !known.isEmpty else { return }
    for camera in cameras where !isKnown(camera.uppercased(), among: known) {
      throw UnknownCamera(
        camera: camera, rover: rovers.count == 1 ? rovers[0].name : nil, known: known)
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
}
