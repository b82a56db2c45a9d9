/// How a frame was taken, as NASA's feeds record it: the spacecraft clock, the part of the
/// sensor read out and its downsampling, the file's size, when it reached Earth, the camera
/// model and where the rover stood. Every field is `nil` where the source has no value (an API
/// server's photos, or `UNK` in the feed).
///
/// This is what movies need (the clock orders a sequence's frames, the size keeps them alike)
/// and what putting tiles back together needs (the rectangle and the scale place a tile).
public struct PhotoCapture: Sendable, Hashable {
  // Written and read beside the rest of the details, through ``PhotoDetails/members``.
  /// The spacecraft clock when the frame was taken, in seconds: `extended.sclk` for
  /// Perseverance, `spacecraft_clock` for Curiosity.
  public var spacecraftClock: Double?
  /// The part of the sensor read out, `[x, y, width, height]` in sensor pixels, 1-based.
  public var subframeRect: [Int]?
  /// How much the readout was downsampled: 1, 2, 4…
  public var scaleFactor: Int?
  /// The file's size, `[width, height]`.
  public var dimension: [Int]?
  /// When the frame was taken, UTC, ISO 8601 as the record writes it: `date_taken` for
  /// Curiosity and InSight, `date_taken_utc` (no zone) for Perseverance and Ingenuity. A photo
  /// that carries it is on that UTC day, whatever its sol's day by the clock.
  public var dateTaken: String?
  /// When the frame reached Earth, ISO 8601.
  public var dateReceived: String?
  /// The camera model's kind: `CAHV`, `CAHVOR`, `CAHVORE`.
  public var cameraModelType: String?
  /// The camera model's vectors and numbers, each as a list (a number is a list of one).
  public var cameraModelComponents: [[Double]]?
  /// Where the camera was, in the rover's frame.
  public var cameraPosition: [Double]?
  /// Where the camera pointed, a unit vector in the rover's frame.
  public var cameraVector: [Double]?
  /// The rover's attitude, a quaternion.
  public var attitude: [Double]?
  /// The rover's position within its site.
  public var xyz: [Double]?

  /// A capture with every field given or `nil`.
  @inlinable public init(
    spacecraftClock: Double? = nil, subframeRect: [Int]? = nil, scaleFactor: Int? = nil,
    dimension: [Int]? = nil, dateTaken: String? = nil, dateReceived: String? = nil,
    cameraModelType: String? = nil,
    cameraModelComponents: [[Double]]? = nil, cameraPosition: [Double]? = nil,
    cameraVector: [Double]? = nil, attitude: [Double]? = nil, xyz: [Double]? = nil
  ) {
    self.spacecraftClock = spacecraftClock
    self.subframeRect = subframeRect
    self.scaleFactor = scaleFactor
    self.dimension = dimension
    self.dateTaken = dateTaken
    self.dateReceived = dateReceived
    self.cameraModelType = cameraModelType
    self.cameraModelComponents = cameraModelComponents
    self.cameraPosition = cameraPosition
    self.cameraVector = cameraVector
    self.attitude = attitude
    self.xyz = xyz
  }

  /// The frame's size in pixels: ``dimension``, or the subframe's size at its scale.
  public var pixelSize: (width: Int, height: Int)? {
    if let dimension, dimension.count == 2 { return (dimension[0], dimension[1]) }
    guard let subframeRect, subframeRect.count == 4 else { return nil }
    let scale = max(1, scaleFactor ?? 1)
    return (subframeRect[2] / scale, subframeRect[3] / scale)
  }
}
