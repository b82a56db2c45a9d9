#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A page of NASA's Mars 2020 raw-image feed (`/rss/api/?feed=raw_images&category=mars2020…`).
public struct PerseveranceFeedPage: Sendable, Hashable {
  /// The records of this page: every sample type, thumbnails included.
  public var images: [Image]
  /// How many records the page held, those that could not be read included: what the feed's
  /// `total_results` counts.
  public var received: Int
  /// How many records match the query in all.
  public var totalResults: Int?
  /// The page, 0-based.
  public var page: Int?
  /// The page size; the feed writes it as a string.
  public var perPage: Int?

  /// Reads a page in one pass (``JSONScanner``): a body without `images` is an error,
  /// anything else is lenient (``LenientMember``), and a record that is no object or lacks an
  /// id or a plausible sol is counted and left out.
  public static func scan(_ data: Data) throws -> PerseveranceFeedPage {
    let (page, images, received) = try ScannedRecord<PageMember>.page(
      data, PageMember.layout, list: "images", record: Image.scan)
    return PerseveranceFeedPage(
      images: images, received: received, totalResults: page[.totalResults].lenientInt,
      page: page[.page].lenientInt, perPage: page[.perPage].lenientInt)
  }

  /// The page's members besides its images.
  enum PageMember: String, CaseIterable, Sendable {
    case page
    case totalResults = "total_results"
    case perPage = "per_page"

    static let layout = ScannedRecord<Self>.Layout(own: allCases)
  }

  /// One record of the feed.
  public struct Image: Sendable, Hashable {
    /// NASA's id of the image: the file's base name, less its two-digit version.
    public var imageID: String
    /// The sol it was taken on.
    public var sol: Int
    /// `Full`, `Thumbnail`, `Subframe`, `Downsampled`…
    public var sampleType: String?
    /// The instrument, which is the camera's name: `NAVCAM_LEFT`.
    public var instrument: String?
    /// The large copy (1200 px): what servers give as `img_src`.
    public var large: String?
    /// The copies at 320 and 800 px and the full-resolution PNG, when the record has them.
    public var small: String?
    /// The 800 px copy.
    public var medium: String?
    /// The full-resolution PNG.
    public var fullResolution: String?
    /// Mars time, pointing, place and NASA's words.
    public var details = PhotoDetails()
  }

}

extension PerseveranceFeedPage.Image {
  /// Reads one record; `nil` (its value read) when it is no object or lacks an id or a
  /// plausible sol.
  static func scan(_ scanner: inout JSONScanner) throws -> Self? {
    guard let record = try ScannedRecord.read(&scanner, Member.layout),
      let id = record[.imageid].lenientString, let sol = record[.sol].lenientInt,
      Plausible.isSol(sol)
    else { return nil }
    func the(_ member: Member) -> ScannedMember { record[member] }
    let sampleType = the(.sampleType).lenientString
    return Self(
      imageID: id, sol: sol, sampleType: sampleType, instrument: the(.instrument).lenientString,
      large: the(.large).lenientString, small: the(.small).lenientString,
      medium: the(.medium).lenientString, fullResolution: the(.fullResolution).lenientString,
      details: PhotoDetails(
        marsTime: the(.dateTakenMars).lenientString, mastAzimuth: the(.mastAz).lenientDegrees,
        mastElevation: the(.mastEl).lenientDegrees, site: the(.site).lenientInt,
        drive: the(.drive).lenientInt, sampleType: sampleType?.lowercased(),
        filter: the(.filterName).lenientString, title: the(.title).lenientString,
        caption: the(.caption).lenientString, credit: the(.credit).lenientString,
        capture: PhotoCapture(
          spacecraftClock: the(.sclk).lenientDouble,
          subframeRect: the(.subframeRect).lenientIntegers(count: 4),
          scaleFactor: the(.scaleFactor).lenientInt,
          dimension: the(.dimension).lenientIntegers(count: 2),
          dateTaken: the(.dateTakenUTC).lenientString,
          dateReceived: the(.dateReceived).lenientString,
          cameraModelType: the(.modelType).lenientString,
          cameraModelComponents: the(.components).lenientString.flatMap(NASATuple.components),
          cameraPosition: the(.position).lenientNumbers, cameraVector: the(.vector).lenientNumbers,
          attitude: the(.attitude).lenientNumbers, xyz: the(.xyz).lenientNumbers)))
  }

  /// The members of a record that are read, by their names in the feed; the others are
  /// skipped.
  enum Member: String, CaseIterable, Sendable {
    case imageid, sol, site, drive, title, caption, credit, attitude
    case sampleType = "sample_type"
    case dateTakenUTC = "date_taken_utc"
    case dateTakenMars = "date_taken_mars"
    case dateReceived = "date_received"
    // Inside `camera`.
    case instrument
    case filterName = "filter_name"
    case modelType = "camera_model_type"
    case components = "camera_model_component_list"
    case position = "camera_position"
    case vector = "camera_vector"
    // Inside `image_files`.
    case large, small, medium
    case fullResolution = "full_res"
    // Inside `extended`.
    case mastAz, mastEl, sclk, subframeRect, scaleFactor, dimension, xyz

    static let camera: [Member] = [
      .instrument, .filterName, .modelType, .components, .position, .vector,
    ]
    static let files: [Member] = [.large, .small, .medium, .fullResolution]
    static let extended: [Member] = [
      .mastAz, .mastEl, .sclk, .subframeRect, .scaleFactor, .dimension, .xyz,
    ]
    /// Where each member is: the record's own, or inside `camera`, `image_files` or
    /// `extended`.
    static let layout = ScannedRecord<Member>.Layout(
      own: allCases.filter { !(camera + files + extended).contains($0) },
      nested: [("camera", camera), ("image_files", files), ("extended", extended)])
  }
}

/// A feed's `latest` answer: the latest sol, the sols the latest downlink brought images for,
/// and the image count.
public struct FeedLatest: Decodable, Sendable, Hashable {
  /// The most recent sol with images.
  public var latestSol: Int
  /// The sols that received images in the latest downlink, which may reach weeks back: what a
  /// mirror must list again to catch photos that arrived late.
  public var latestSols: [Int]
  /// When the latest image arrived, ISO 8601.
  public var latest: String?
  /// How many images the mission has in all.
  public var total: Int?

  enum CodingKeys: String, CodingKey {
    case latest, total
    case latestSol = "latest_sol"
    case latestSols = "latest_sols"
    case latestData = "latest_data"
  }

  /// Decodes the Mars 2020 shape, or Curiosity's, whose numbers sit under `latest_data`.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.latestData) {
      container = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .latestData)
    }
    guard let sol = container.lenientInt(.latestSol) else {
      throw DecodingError.keyNotFound(
        CodingKeys.latestSol,
        DecodingError.Context(codingPath: container.codingPath, debugDescription: "no latest_sol"))
    }
    // Bounded before anything sizes a range with them.
    latestSol = try Plausible.sol(sol, field: "latest_sol")
    let sols = (try? container.decodeIfPresent([LenientSol].self, forKey: .latestSols)) ?? []
    latestSols = try sols.compactMap(\.sol).map { try Plausible.sol($0, field: "latest_sols") }
    latest = container.lenientString(.latest)
    total = container.lenientInt(.total)
  }
}

/// A sol of `latest_sols`, written as a number or a string depending on the feed.
private struct LenientSol: Decodable {
  var sol: Int?

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      sol = number
    } else if let text = try? container.decode(String.self) {
      sol = Int(text)
    }
  }
}
