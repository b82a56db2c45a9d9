import RoverAPI

/// A camera none of the rovers asked about carries, with the names they do carry.
struct UnknownCamera: Error, CustomStringConvertible {
  var camera: String
  /// The rover's name when one rover was asked about.
  var rover: String?
  var known: [String]

  var description: String {
    let owner = rover.map { " on \($0)" } ?? ""
    let hint = Suggestion.nearest(to: camera, in: known).map { " Did you mean '\($0)'?" } ?? ""
    return "Unknown camera '\(camera)'\(owner).\(hint) Cameras: \(known.joined(separator: ", "))."
  }

  /// Checks every camera against the cameras of the rovers, ignoring case; a rover list
  /// without cameras (some servers leave them out) checks nothing.
  static func check(_ cameras: [String], on rovers: [Rover]) throws {
    var known: [String] = []
    for name in rovers.flatMap({ $0.cameras.map { $0.name.uppercased() } })
    where !known.contains(name) {
      known.append(name)
    }
    guard !known.isEmpty else { return }
    for camera in cameras where !known.contains(camera.uppercased()) {
      throw UnknownCamera(
        camera: camera, rover: rovers.count == 1 ? rovers[0].name : nil, known: known)
    }
  }
}
