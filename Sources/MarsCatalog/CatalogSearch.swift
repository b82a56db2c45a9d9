/// What `rovers search` asks of the catalogue: each filter given narrows the photos, and a
/// filter not given keeps them all. Angles and times of day may wrap (``Span/wraps``).
public struct CatalogSearch: Sendable, Hashable {
  /// A range of one value, either end open; a window that wraps (an azimuth through north, a
  /// time through midnight) has its lower end above its upper.
  public struct Span: Sendable, Hashable {
    /// The least value kept; `nil` for no least.
    public var lower: Double?
    /// The greatest value kept; `nil` for no greatest.
    public var upper: Double?

    /// A span from `lower` to `upper`.
    public init(_ lower: Double?, _ upper: Double?) {
      self.lower = lower
      self.upper = upper
    }

    /// Whether the span goes round through the end of its circle.
    public var wraps: Bool {
      guard let lower, let upper else { return false }
      return lower > upper
    }
  }

  /// How the photos found are ordered.
  public enum Order: String, Sendable, Hashable, CaseIterable {
    /// By mission and sol, each sol's photos in the feed's order.
    case sol
    /// The newest sols first, the latest in the sol's day first.
    case newest
    /// By the time of day on Mars.
    case lmst
    /// By the mast's azimuth.
    case azimuth = "az"
    /// By the season.
    case season = "ls"
  }

  /// What photos are counted by, with `--group-by`.
  public enum Grouping: String, Sendable, Hashable, CaseIterable {
    /// The mission and sol.
    case sol
    /// The camera.
    case camera
    /// The observation sequence.
    case sequence
    /// The site.
    case site
    /// The mission.
    case rover
  }

  /// The missions, lower case; none for every one.
  public var rovers: [String] = []
  /// Cameras or families (`NAVCAM`), or exact instruments (`NAV_LEFT_B`), upper case.
  public var cameras: [String] = []
  /// Sols.
  public var sols: Span?
  /// The first Earth day, `YYYY-MM-DD`.
  public var fromEarthDate: String?
  /// The last Earth day, `YYYY-MM-DD`.
  public var toEarthDate: String?
  /// The local mean solar time, seconds after midnight; may wrap.
  public var lmst: Span?
  /// The solar longitude, degrees; may wrap.
  public var solarLongitude: Span?
  /// The mast's azimuth, degrees; may wrap.
  public var azimuth: Span?
  /// The mast's elevation, degrees.
  public var elevation: Span?
  /// Sites.
  public var site: Span?
  /// Drives.
  public var drive: Span?
  /// Sample types, lower case.
  public var sampleTypes: [String] = []
  /// Image widths, pixels.
  public var width: Span?
  /// Image heights, pixels.
  public var height: Span?
  /// Filter names, exactly, ignoring case.
  public var filters: [String] = []
  /// Observation sequences, upper case.
  public var sequences: [String] = []
  /// Words that must each appear in the title or caption, ignoring case.
  public var words: [String] = []
  /// `nasa_id` patterns: with `*` or `?` a whole-name glob, else a part of the name.
  public var nasaIDs: [String] = []
  /// Only these sols of each mission named (lower case), as a traverse gives the sols spent
  /// near a place (``Traverse/sols(within:)``); a mission not named keeps none. `nil`: no
  /// such filter.
  public var missionSols: [String: [ClosedRange<Int>]]?
  /// Only photos whose other eye's frame of the same moment is in the catalogue too: the
  /// engineering cameras' and Mastcam-Z's stereo pairs, as `rovers stereo` pairs them.
  public var stereo = false
  /// The order of the photos found.
  public var order: Order = .sol
  /// At most this many photos.
  public var limit: Int?
  /// This many photos picked at random, in place of an order.
  public var random: Int?

  /// A search that keeps every photo.
  public init() {}

  /// The words of a text searched for (`--text`, `browse`'s `/`): each must be in a photo's
  /// title or caption, in any case.
  public static func words(in text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map(String.init)
  }
}
