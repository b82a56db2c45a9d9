#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A page of NASA's raw-image items (`/api/v1/raw_image_items/?condition_1=msl:mission…`).
public struct CuriosityFeedPage: Sendable, Hashable {
  /// The items of this page: every sample type.
  public var items: [Item]
  /// How many items the page held, those that could not be read included: what the feed's
  /// `total` counts.
  public var received: Int
  /// Whether another page follows.
  public var more: Bool?
  /// How many items match the query in all.
  public var total: Int?

  /// Reads a page in one pass (``JSONScanner``): a body without `items` is an error, anything
  /// else is lenient (``LenientMember``), and an item that is no object or has no plausible
  /// sol is counted and left out. The feed is the largest the tool reads: a catalogue's sync
  /// reads every record of a mission.
  public static func scan(_ data: Data) throws -> CuriosityFeedPage {
    let (page, items, received) = try ScannedRecord<PageMember>.page(
      data, PageMember.layout, list: "items", record: Item.scan)
    return CuriosityFeedPage(
      items: items, received: received, more: page[.more].lenientBool,
      total: page[.total].lenientInt)
  }

  /// The page's members besides its items.
  enum PageMember: String, CaseIterable, Sendable {
    case more, total

    static let layout = ScannedRecord<Self>.Layout(own: allCases)
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

}

extension CuriosityFeedPage.Item {
  /// Reads one item; `nil` (its value read) when it is no object or has no plausible sol.
  static func scan(_ scanner: inout JSONScanner) throws -> Self? {
    guard let record = try ScannedRecord.read(&scanner, Member.layout) else { return nil }
    func the(_ member: Member) -> ScannedMember { record[member] }
    guard let sol = the(.sol).lenientInt, Plausible.isSol(sol) else { return nil }
    let sampleType = the(.sampleType).lenientString?.lowercased()
    return Self(
      id: the(.id).lenientInt, imageID: the(.imageid).lenientString, sol: sol,
      instrument: the(.instrument).lenientString,
      httpsURL: the(.httpsURL).lenientString ?? the(.url).lenientString,
      sampleType: sampleType, isThumbnail: the(.isThumbnail).lenientBool,
      details: PhotoDetails(
        // InSight, a lander, writes its local time as `localtime`.
        marsTime: the(.lmst).lenientString ?? the(.localtime).lenientString,
        mastAzimuth: the(.mastAz).lenientDegrees, mastElevation: the(.mastEl).lenientDegrees,
        site: the(.site).lenientInt, drive: the(.drive).lenientInt, sampleType: sampleType,
        filter: the(.filterName).lenientString, title: the(.title).lenientString,
        caption: the(.description).lenientString, credit: the(.imageCredit).lenientString,
        capture: PhotoCapture(
          spacecraftClock: the(.spacecraftClock).lenientDouble,
          subframeRect: the(.subframeRect).lenientIntegers(count: 4),
          scaleFactor: the(.scaleFactor).lenientInt, dateTaken: the(.dateTaken).lenientString,
          dateReceived: the(.dateReceived).lenientString,
          cameraModelType: the(.modelType).lenientString,
          cameraModelComponents: the(.components).lenientString.flatMap(NASATuple.components),
          cameraPosition: the(.position).lenientNumbers,
          cameraVector: the(.vector).lenientNumbers, attitude: the(.attitude).lenientNumbers,
          xyz: the(.xyz).lenientNumbers)))
  }

  /// The members of an item that are read, by their names in the feed; the others are
  /// skipped.
  enum Member: String, CaseIterable {
    case id, imageid, sol, instrument, url, site, drive, title, description
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
    // Inside `extended`.
    case lmst, localtime
    case sampleType = "sample_type"
    case mastAz = "mast_az"
    case mastEl = "mast_el"
    case filterName = "filter_name"

    /// The members inside `extended`.
    static let extended: [Member] = [.lmst, .localtime, .sampleType, .mastAz, .mastEl, .filterName]
    /// Where each member is: the item's own, or inside `extended`.
    static let layout = ScannedRecord<Member>.Layout(
      own: allCases.filter { !extended.contains($0) }, nested: [("extended", extended)])
  }
}
