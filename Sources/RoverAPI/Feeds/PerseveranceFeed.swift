/// A page of NASA's Mars 2020 raw-image feed (`/rss/api/?feed=raw_images&category=mars2020…`).
public struct PerseveranceFeedPage: Decodable, Sendable, Hashable {
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

  enum CodingKeys: String, CodingKey {
    case images, page
    case totalResults = "total_results"
    case perPage = "per_page"
  }

  /// Decodes a page; a body without `images` is an error, anything else is lenient.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let lenient = try container.decode([LenientImage].self, forKey: .images)
    images = lenient.compactMap(\.image)
    received = lenient.count
    totalResults = container.lenientInt(.totalResults)
    page = container.lenientInt(.page)
    perPage = container.lenientInt(.perPage)
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

  /// A record that decodes whatever it holds; `nil` when it lacks an id, sol or image.
  private struct LenientImage: Decodable {
    var image: Image?

    enum Keys: String, CodingKey {
      case imageid, sol, camera, site, drive, title, caption, credit, extended
      case sampleType = "sample_type"
      case dateTakenUTC = "date_taken_utc"
      case dateTakenMars = "date_taken_mars"
      case imageFiles = "image_files"
      case attitude
      case dateReceived = "date_received"
    }

    enum CameraKeys: String, CodingKey {
      case instrument
      case filterName = "filter_name"
      case modelType = "camera_model_type"
      case components = "camera_model_component_list"
      case position = "camera_position"
      case vector = "camera_vector"
    }
    enum FileKeys: String, CodingKey {
      case large, small, medium
      case fullResolution = "full_res"
    }
    enum ExtendedKeys: String, CodingKey {
      case mastAz, mastEl, sclk, subframeRect, scaleFactor, dimension, xyz
    }

    init(from decoder: any Decoder) throws {
      guard let container = try? decoder.container(keyedBy: Keys.self),
        let id = container.lenientString(.imageid), let sol = container.lenientInt(.sol),
        Plausible.isSol(sol)
      else { return }
      let camera = try? container.nestedContainer(keyedBy: CameraKeys.self, forKey: .camera)
      let files = try? container.nestedContainer(keyedBy: FileKeys.self, forKey: .imageFiles)
      let extended = try? container.nestedContainer(keyedBy: ExtendedKeys.self, forKey: .extended)
      let sampleType = container.lenientString(.sampleType)
      image = Image(
        imageID: id, sol: sol, sampleType: sampleType,
        instrument: camera?.lenientString(.instrument), large: files?.lenientString(.large),
        small: files?.lenientString(.small), medium: files?.lenientString(.medium),
        fullResolution: files?.lenientString(.fullResolution),
        details: PhotoDetails(
          marsTime: container.lenientString(.dateTakenMars),
          mastAzimuth: extended?.lenientDegrees(.mastAz),
          mastElevation: extended?.lenientDegrees(.mastEl), site: container.lenientInt(.site),
          drive: container.lenientInt(.drive), sampleType: sampleType?.lowercased(),
          filter: camera?.lenientString(.filterName), title: container.lenientString(.title),
          caption: container.lenientString(.caption), credit: container.lenientString(.credit),
          capture: PhotoCapture(
            spacecraftClock: extended?.lenientDouble(.sclk),
            subframeRect: extended?.lenientIntegers(.subframeRect, count: 4),
            scaleFactor: extended?.lenientInt(.scaleFactor),
            dimension: extended?.lenientIntegers(.dimension, count: 2),
            dateTaken: container.lenientString(.dateTakenUTC),
            dateReceived: container.lenientString(.dateReceived),
            cameraModelType: camera?.lenientString(.modelType),
            cameraModelComponents: camera?.lenientString(.components).flatMap(
              NASATuple.components),
            cameraPosition: camera?.lenientNumbers(.position),
            cameraVector: camera?.lenientNumbers(.vector),
            attitude: container.lenientNumbers(.attitude), xyz: extended?.lenientNumbers(.xyz))))
    }
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
