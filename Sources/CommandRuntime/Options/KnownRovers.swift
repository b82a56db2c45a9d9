import RoverAPI

/// The four rovers the API has always listed: requests for them start before the server's
/// list arrives, and their names stand in when the server cannot list its rovers. The
/// server's own list decides what is shown.
package enum KnownRovers {
  package static let names = ["Curiosity", "Spirit", "Opportunity", "Perseverance"]

  /// Each rover's cameras as the API lists them, then the missions only NASA's feeds have
  /// (Ingenuity, InSight), for shell completion only: the server's own list is what `--camera`
  /// is checked against.
  package static let cameras: [(rover: String, cameras: [String])] =
    apiCameras
    + FeedRover.feedsOnly.map { ($0.name.lowercased(), $0.cameras.map(\.name)) }

  private static let apiCameras: [(rover: String, cameras: [String])] = [
    ("curiosity", ["FHAZ", "NAVCAM", "MAST", "CHEMCAM", "MAHLI", "MARDI", "RHAZ"]),
    ("spirit", ["FHAZ", "NAVCAM", "PANCAM", "MINITES", "ENTRY", "RHAZ"]),
    ("opportunity", ["FHAZ", "NAVCAM", "PANCAM", "MINITES", "ENTRY", "RHAZ"]),
    (
      "perseverance",
      [
        "EDL_RUCAM", "EDL_DDCAM", "EDL_PUCAM1", "EDL_PUCAM2", "NAVCAM_LEFT", "NAVCAM_RIGHT",
        "MCZ_RIGHT", "MCZ_LEFT", "FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_RIGHT_A", "REAR_HAZCAM_LEFT",
        "REAR_HAZCAM_RIGHT", "EDL_RDCAM", "SKYCAM", "SHERLOC_WATSON", "SUPERCAM_RMI", "LCAM",
      ]
    ),
  ]
}
