#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns feed records into photos the way the servers that scrape the feeds do (API.md), so a
/// photo from the feeds is the same photo, with the same file name, as one from a server.
public enum FeedMapping {
  /// The sample types a rover's photos keep when none are asked for, as the servers that
  /// scrape the feeds keep them: Perseverance's `full`, Curiosity's `full` and `subframe`.
  public static func keptByDefault(_ rover: FeedRover) -> Set<String> {
    switch rover.feed {
    case .mars2020: ["full"]
    case .msl: ["full", "subframe"]
    }
  }

  /// Perseverance: `Full` samples only, or the sample types of `keeping`; `img_src` the
  /// 1200 px copy; the instrument is the camera; the Earth day is the UTC day of
  /// `date_taken_utc`; no id (the feed has none).
  public static func photos(
    _ images: [PerseveranceFeedPage.Image], rover: FeedRover, keeping: Set<String>? = nil
  ) -> [Photo] {
    var cameras = Cameras(rover: rover)
    return images.compactMap { image in
      guard (keeping ?? keptByDefault(rover)).contains(image.sampleType?.lowercased() ?? ""),
        let large = image.large,
        let instrument = image.instrument
      else { return nil }
      return Photo(
        id: nil, sol: image.sol, earthDate: day(of: image.details.capture.dateTaken) ?? "",
        imgSrc: large, camera: cameras.camera(of: instrument) { $0 },
        rover: RoverReference(id: rover.id, name: rover.name), instrument: instrument,
        details: image.details)
    }
  }

  /// Curiosity: `full` and `subframe` samples (as nebulum keeps them), or the sample types of
  /// `keeping`; `img_src` the https address; instruments mapped to the legacy cameras
  /// (`NAV_LEFT_B` → `NAVCAM`) and kept as `instrument`; the feed's own number as the id.
  public static func photos(
    _ items: [CuriosityFeedPage.Item], rover: FeedRover, keeping: Set<String>? = nil
  ) -> [Photo] {
    var cameras = Cameras(rover: rover)
    return items.compactMap { item in
      guard let sample = item.sampleType, (keeping ?? keptByDefault(rover)).contains(sample),
        item.isThumbnail != true || keeping?.contains("thumbnail") == true,
        let url = item.httpsURL, let instrument = item.instrument
      else { return nil }
      return Photo(
        id: item.id, sol: item.sol, earthDate: day(of: item.details.capture.dateTaken) ?? "",
        imgSrc: url,
        camera: cameras.camera(of: instrument, named: legacyCamera(for:)),
        rover: RoverReference(id: rover.id, name: rover.name), instrument: instrument,
        details: item.details)
    }
  }

  /// Curiosity's instrument as the API's camera: `MAST_*` → `MAST`, `NAV_*` → `NAVCAM`,
  /// `FHAZ_*` → `FHAZ`, `RHAZ_*` → `RHAZ`, `CHEMCAM_*` → `CHEMCAM`; others as they are.
  public static func legacyCamera(for instrument: String) -> String {
    let upper = instrument.uppercased()
    for (prefix, camera) in [
      ("MAST_", "MAST"), ("NAV_", "NAVCAM"), ("FHAZ_", "FHAZ"), ("RHAZ_", "RHAZ"),
      ("CHEMCAM_", "CHEMCAM"),
    ] where upper.hasPrefix(prefix) {
      return camera
    }
    return upper
  }

  /// Whether a photo is one the `--camera` filter `name` asks for: its camera (`NAVCAM`
  /// matches every `NAV_*` instrument) or its exact instrument (`NAV_LEFT_B`).
  public static func matches(_ photo: Photo, camera name: String) -> Bool {
    let upper = name.uppercased()
    return photo.camera.name.uppercased() == upper || photo.instrument?.uppercased() == upper
  }

  /// A rover's cameras by the instruments of one page's records, each found once: a page's
  /// hundreds of records name a few instruments, and naming one's camera takes upper-casing
  /// and comparing strings.
  private struct Cameras {
    let rover: FeedRover
    var known: [String: Camera] = [:]

    /// The camera of `instrument`, the one `name` gives it.
    mutating func camera(of instrument: String, named name: (String) -> String) -> Camera {
      if let camera = known[instrument] { return camera }
      let name = name(instrument)
      let camera =
        rover.cameras.first { $0.name == name }
        ?? Camera(name: name, roverID: rover.id, fullName: nil)
      known[instrument] = camera
      return camera
    }
  }

  /// `YYYY-MM-DD` of an ISO 8601 time: the day it names in UTC (the feeds' times are UTC).
  public static func day(of time: String?) -> String? {
    guard let time, time.utf8.count >= 10 else { return nil }
    let day = String(decoding: time.utf8.prefix(10), as: UTF8.self)
    return EarthDate(day) == nil ? nil : day
  }
}
