#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A rover NASA's raw-image feeds cover, with the facts the feeds do not carry: the API's id
/// for it, its dates and its cameras' long names.
public struct FeedRover: Sendable, Hashable {
  /// Which feed holds the rover's images, and under which name.
  public enum Feed: Sendable, Hashable {
    /// `/rss/api/?feed=raw_images&category=<category>`: `mars2020`, `ingenuity`.
    case mars2020(category: String)
    /// `/api/v1/raw_image_items/?condition_1=<mission>:mission`: `msl`, `insight`.
    case msl(mission: String)
  }

  /// The rover's name: `Curiosity`.
  public var name: String
  /// The id the API gives the rover.
  public var id: Int
  /// The launch day, `YYYY-MM-DD`.
  public var launchDate: String
  /// The landing day, `YYYY-MM-DD`.
  public var landingDate: String
  /// Its feed.
  public var feed: Feed
  /// Its cameras as the API lists them, with long names.
  public var cameras: [Camera]
  /// `active`, or `complete` for a mission that has ended.
  public var status: String
  /// Whether only the feeds have it: no server of the API does (Ingenuity, InSight), so it
  /// is answered from the feeds whatever the source.
  public var feedsOnly: Bool
  /// The name of its traverse map's waypoint file (`M20`, `MSL`); `nil` for a mission NASA
  /// publishes none for (a helicopter's flights and a lander are other layers).
  public var traverse: String?

  /// The missions the feeds cover; Spirit and Opportunity are in none (their images were
  /// removed from NASA's servers in 2024).
  public static let all = [
    FeedRover(
      name: "Curiosity", id: 5, launchDate: "2011-11-26", landingDate: "2012-08-06",
      feed: .msl(mission: "msl"), traverse: "MSL",
      cameras: [
        ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"),
        ("MAST", "Mast Camera"), ("CHEMCAM", "Chemistry and Camera Complex"),
        ("MAHLI", "Mars Hand Lens Imager"), ("MARDI", "Mars Descent Imager"),
        ("RHAZ", "Rear Hazard Avoidance Camera"),
      ]),
    FeedRover(
      name: "Perseverance", id: 8, launchDate: "2020-07-30", landingDate: "2021-02-18",
      feed: .mars2020(category: "mars2020"), traverse: "M20",
      cameras: [
        ("EDL_RUCAM", "Rover Up-Look Camera"), ("EDL_DDCAM", "Descent Stage Down-Look Camera"),
        ("EDL_PUCAM1", "Parachute Up-Look Camera A"), ("EDL_PUCAM2", "Parachute Up-Look Camera B"),
        ("NAVCAM_LEFT", "Navigation Camera - Left"), ("NAVCAM_RIGHT", "Navigation Camera - Right"),
        ("MCZ_RIGHT", "Mast Camera Zoom - Right"), ("MCZ_LEFT", "Mast Camera Zoom - Left"),
        ("FRONT_HAZCAM_LEFT_A", "Front Hazard Avoidance Camera - Left"),
        ("FRONT_HAZCAM_RIGHT_A", "Front Hazard Avoidance Camera - Right"),
        ("REAR_HAZCAM_LEFT", "Rear Hazard Avoidance Camera - Left"),
        ("REAR_HAZCAM_RIGHT", "Rear Hazard Avoidance Camera - Right"),
        ("EDL_RDCAM", "Rover Down-Look Camera"), ("SKYCAM", "MEDA Skycam"),
        ("SHERLOC_WATSON", "SHERLOC WATSON Camera"),
        ("SUPERCAM_RMI", "SuperCam Remote Micro Imager"),
        ("LCAM", "Lander Vision System Camera"),
      ]),
    // Its sols are Perseverance's; it flew from sol 58 (2021-04-19) to sol 1069 (2024-01-18).
    FeedRover(
      name: "Ingenuity", id: 9, launchDate: "2020-07-30", landingDate: "2021-02-18",
      feed: .mars2020(category: "ingenuity"), status: "complete", feedsOnly: true,
      cameras: [
        ("HELI_NAV", "Navigation Camera (monochrome, 640 x 480)"),
        ("HELI_RTE", "Return-to-Earth Camera (colour, 4208 x 3120)"),
      ]),
    // A lander: no site, drive or mast; its mission ended in December 2022.
    FeedRover(
      name: "InSight", id: 10, launchDate: "2018-05-05", landingDate: "2018-11-26",
      feed: .msl(mission: "insight"), status: "complete", feedsOnly: true,
      cameras: [
        ("IDC", "Instrument Deployment Camera"), ("ICC", "Instrument Context Camera"),
      ]),
  ]

  /// The missions only the feeds have.
  public static var feedsOnly: [FeedRover] { all.filter(\.feedsOnly) }

  private init(
    name: String, id: Int, launchDate: String, landingDate: String, feed: Feed,
    traverse: String? = nil, status: String = "active", feedsOnly: Bool = false,
    cameras: [(String, String)]
  ) {
    self.traverse = traverse
    self.name = name
    self.id = id
    self.launchDate = launchDate
    self.landingDate = landingDate
    self.feed = feed
    self.status = status
    self.feedsOnly = feedsOnly
    self.cameras = cameras.map { Camera(name: $0.0, roverID: id, fullName: $0.1) }
  }

  /// The rover as the API describes it, with the counts given (none by default: the facts
  /// alone).
  public func rover(maxSol: Int = 0, maxDate: String = "", totalPhotos: Int = 0) -> Rover {
    Rover(
      id: id, name: name, landingDate: landingDate, launchDate: launchDate, status: status,
      maxSol: maxSol, maxDate: maxDate, totalPhotos: totalPhotos, cameras: cameras)
  }

  /// The rover called `name`, in any case, if a feed covers it.
  public static func named(_ name: String) -> FeedRover? {
    all.first { $0.name.lowercased() == name.lowercased() }
  }

  /// A Martian day in seconds, as the original API counted sols.
  static let solSeconds = 88_775.244

  /// The sols whose images may bear `date` as their Earth day: those around the sol the
  /// original API's formula (landing day + sol × a Martian day) gives.
  public func sols(around date: EarthDate) -> ClosedRange<Int> {
    guard let landing = EarthDate(landingDate) else { return 0...0 }
    let days = Double(date.daysSince1970 - landing.daysSince1970)
    let sol = Int((days * 86_400 / Self.solSeconds).rounded(.down))
    return max(0, sol - 1)...max(0, sol + 1)
  }
}

extension EarthDate {
  /// Days from 1970-01-01 to this date.
  var daysSince1970: Int {
    // Howard Hinnant's days-from-civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
