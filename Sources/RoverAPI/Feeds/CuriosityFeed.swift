/// A page of NASA's raw-image items (`/api/v1/raw_image_items/?condition_1=msl:mission…`).
public struct CuriosityFeedPage: Decodable, Sendable, Hashable {
  /// The items of this page: every sample type.
  public var items: [Item]
  /// How many items the page held, those that could not be read included: what the feed's
  /// `total` counts.
  public var received: Int
  /// Whether another page follows.
  public var more: Bool?
  /// How many items match the query in all.
  public var total: Int?

  enum CodingKeys: String, CodingKey { case items, more, total }

  /// Decodes a page; a body without `items` is an error, anything else is lenient.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let lenient = try container.decode([LenientItem].self, forKey: .items)
    items = lenient.compactMap(\.item)
    received = lenient.count
    more = container.lenientBool(.more)
    total = container.lenientInt(.total)
  }

  /// One item of the feed.
  public struct Item: Sendable, Hashable {
    /// The feed's own number for the item.
    public var id: Int?
    /// NASA's id of the image: the file's base name.
    public var imageID: String?
    /// The sol it was taken on.
    public var sol: Int
    /// NASA's instrument: `NAV_LEFT_B`, `MAST_LEFT`, `MAHLI`…
    public var instrument: String?
    /// The image, over https.
    public var httpsURL: String?
    /// `full`, `subframe`, `downsampled`, `thumbnail`, `chemcam prc`, `mixed`.
    public var sampleType: String?
    /// Whether the feed marks it a thumbnail.
    public var isThumbnail: Bool?
    /// Mars time, pointing, place and NASA's words.
    public var details = PhotoDetails()
  }

  private struct LenientItem: Decodable {
    var item: Item?

    enum Keys: String, CodingKey {
      case id, imageid, sol, instrument, url, extended, site, drive, title, description
      case httpsURL = "https_url"
      case dateTaken = "date_taken"
      case isThumbnail = "is_thumbnail"
      case imageCredit = "image_credit"
      case attitude, xyz
      case spacecraftClock = "spacecraft_clock"
      case subframeRect = "subframe_rect"
      case scaleFactor = "scale_factor"
      case dateReceived = "date_received"
      case modelType = "camera_model_type"
      case components = "camera_model_component_list"
      case position = "camera_position"
      case vector = "camera_vector"
    }

    enum ExtendedKeys: String, CodingKey {
      case lmst, localtime
      case sampleType = "sample_type"
      case mastAz = "mast_az"
      case mastEl = "mast_el"
      case filterName = "filter_name"
    }

    init(from decoder: any Decoder) throws {
      guard let container = try? decoder.container(keyedBy: Keys.self),
        let sol = container.lenientInt(.sol), Plausible.isSol(sol)
      else { return }
      let extended = try? container.nestedContainer(keyedBy: ExtendedKeys.self, forKey: .extended)
      let https = container.lenientString(.httpsURL) ?? container.lenientString(.url)
      let sampleType = extended?.lenientString(.sampleType)?.lowercased()
      item = Item(
        id: container.lenientInt(.id), imageID: container.lenientString(.imageid), sol: sol,
        instrument: container.lenientString(.instrument), httpsURL: https,
        sampleType: sampleType,
        isThumbnail: container.lenientBool(.isThumbnail),
        details: PhotoDetails(
          // InSight, a lander, writes its local time as `localtime`.
          marsTime: extended?.lenientString(.lmst) ?? extended?.lenientString(.localtime),
          mastAzimuth: extended?.lenientDegrees(.mastAz),
          mastElevation: extended?.lenientDegrees(.mastEl), site: container.lenientInt(.site),
          drive: container.lenientInt(.drive), sampleType: sampleType,
          filter: extended?.lenientString(.filterName), title: container.lenientString(.title),
          caption: container.lenientString(.description),
          credit: container.lenientString(.imageCredit),
          capture: PhotoCapture(
            spacecraftClock: container.lenientDouble(.spacecraftClock),
            subframeRect: container.lenientIntegers(.subframeRect, count: 4),
            scaleFactor: container.lenientInt(.scaleFactor),
            dateTaken: container.lenientString(.dateTaken),
            dateReceived: container.lenientString(.dateReceived),
            cameraModelType: container.lenientString(.modelType),
            cameraModelComponents: container.lenientString(.components).flatMap(
              NASATuple.components),
            cameraPosition: container.lenientNumbers(.position),
            cameraVector: container.lenientNumbers(.vector),
            attitude: container.lenientNumbers(.attitude), xyz: container.lenientNumbers(.xyz))))
    }
  }
}
