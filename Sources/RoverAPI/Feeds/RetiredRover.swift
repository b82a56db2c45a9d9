/// The rovers whose images NASA removed from its servers in 2024 (Spirit, Opportunity): only
/// the API servers have their photos. Their facts, as the API gives them and as they stay now
/// the missions have ended, let the catalogue describe them offline.
public enum RetiredRover {
  /// Spirit and Opportunity, as `GET rovers` describes them.
  public static let all = [
    rover(
      "Spirit", id: 7, launchDate: "2003-06-10", landingDate: "2004-01-04", maxSol: 2208,
      maxDate: "2010-03-21", totalPhotos: 124_550, firstCameraID: 27),
    rover(
      "Opportunity", id: 6, launchDate: "2003-07-07", landingDate: "2004-01-25", maxSol: 5111,
      maxDate: "2018-06-11", totalPhotos: 198_439, firstCameraID: 14),
  ]

  /// Their names, lower case.
  public static var names: [String] { all.map { $0.name.lowercased() } }

  /// The retired rover called `name`, in any case.
  public static func named(_ name: String) -> Rover? {
    all.first { $0.name.lowercased() == name.lowercased() }
  }

  /// Both rovers carried the same cameras, which the API names alike and numbers in the same
  /// order from a first number of each rover's.
  private static func rover(
    _ name: String, id: Int, launchDate: String, landingDate: String, maxSol: Int,
    maxDate: String, totalPhotos: Int, firstCameraID: Int
  ) -> Rover {
    Rover(
      id: id, name: name, landingDate: landingDate, launchDate: launchDate, status: "complete",
      maxSol: maxSol, maxDate: maxDate, totalPhotos: totalPhotos,
      cameras: [
        ("FHAZ", 0, "Front Hazard Avoidance Camera"), ("NAVCAM", 2, "Navigation Camera"),
        ("PANCAM", 3, "Panoramic Camera"),
        ("MINITES", 4, "Miniature Thermal Emission Spectrometer (Mini-TES)"),
        ("ENTRY", 5, "Entry, Descent, and Landing Camera"),
        ("RHAZ", 1, "Rear Hazard Avoidance Camera"),
      ].map { Camera(id: firstCameraID + $0.1, name: $0.0, roverID: id, fullName: $0.2) })
  }
}
