/// What NASA's raw-image feeds say about a photo beyond where it is: the Mars time it was
/// taken, where the mast pointed, where the rover was, and NASA's own words. Every field is
/// `nil` where the source has no value (photos from an API server have none of them).
public struct PhotoDetails: Codable, Sendable, Hashable {
  // Its members are named, written and read through one list: ``members``.
  /// Local mean solar time as the feed writes it: `Sol-01000M12:34:56.789`.
  public var marsTime: String?
  /// The mast's azimuth, in degrees.
  public var mastAzimuth: Double?
  /// The mast's elevation, in degrees.
  public var mastElevation: Double?
  /// The rover's site number.
  public var site: Int?
  /// The drive within the site.
  public var drive: Int?
  /// How the image was sampled: `full`, `thumbnail`, `subframe`, `downsampled`…, lower case.
  public var sampleType: String?
  /// The camera's filter.
  public var filter: String?
  /// NASA's title of the image.
  public var title: String?
  /// NASA's caption of the image.
  public var caption: String?
  /// Who the image is credited to.
  public var credit: String?
  /// Where on Mars the photo was taken: no feed says, a rover's traverse does
  /// (`Traverse.placed(_:)`); `nil` until then.
  public var place: PhotoPlace?
  /// How the frame was taken: clock, subframe, size, camera model, attitude.
  public var capture: PhotoCapture

  /// Details with every field given or `nil`.
  @inlinable public init(
    marsTime: String? = nil, mastAzimuth: Double? = nil, mastElevation: Double? = nil,
    site: Int? = nil, drive: Int? = nil, sampleType: String? = nil, filter: String? = nil,
    title: String? = nil, caption: String? = nil, credit: String? = nil,
    place: PhotoPlace? = nil, capture: PhotoCapture = PhotoCapture()
  ) {
    self.marsTime = marsTime
    self.mastAzimuth = mastAzimuth
    self.mastElevation = mastElevation
    self.site = site
    self.drive = drive
    self.sampleType = sampleType
    self.filter = filter
    self.title = title
    self.caption = caption
    self.credit = credit
    self.place = place
    self.capture = capture
  }

  /// The clock of ``marsTime``, after its `M`: `12:34:56.789`; `nil` without one.
  public var marsClock: Substring? {
    // Found among the bytes, not the characters: a catalogue sync asks it of every photo.
    guard let marsTime, let mark = marsTime.utf8.lastIndex(of: UInt8(ascii: "M")) else {
      return nil
    }
    return marsTime[marsTime.utf8.index(after: mark)...]
  }

  /// The hour and minute of ``marsTime``, in minutes after local midnight; `nil` without one.
  public var marsMinuteOfDay: Int? {
    guard let clock = marsClock?.split(separator: ":") else { return nil }
    guard clock.count >= 2, let hour = Int(clock[0]), let minute = Int(clock[1]),
      (0..<25).contains(hour), (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }
}
