import CameraGeometry

/// One frame of a panorama: its samples (one channel for grey, three for colour, row by row),
/// its name and its camera model, which is for these very pixels.
public struct PanoramaFrame: Sendable {
  /// How the run names it: the NASA id.
  public var name: String
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int
  /// 1 (grey) or 3 (red, green, blue).
  public var channels: Int
  /// `width × height × channels` bytes.
  public var samples: [UInt8]
  /// Its camera model.
  public var model: CameraModel

  /// A frame of each member; the samples must be `width × height × channels` bytes.
  public init(
    name: String, width: Int, height: Int, channels: Int, samples: [UInt8], model: CameraModel
  ) {
    precondition(samples.count == width * height * channels, "a frame's samples and size differ")
    self.name = name
    self.width = width
    self.height = height
    self.channels = channels
    self.samples = samples
    self.model = model
  }
}
