import RoverAPI

/// The left and right frames of one moment of a stereo camera, both on the same sol: what an
/// anaglyph is made from.
public struct StereoPair: Sendable, Hashable {
  /// The left eye's photo.
  public var left: Photo
  /// The right eye's photo.
  public var right: Photo

  /// A pair.
  public init(left: Photo, right: Photo) {
    self.left = left
    self.right = right
  }

  /// The left frame's camera: the pair's, as the API names it.
  public var camera: String { left.camera.name }

  /// Whether the two frames come from cameras of different focal lengths (Curiosity's
  /// Mastcam), so the right must be scaled to the left's size before they are combined.
  public var needsScaling: Bool { StereoPairing.eye(of: left.nasaID)?.kind == .mastcam }
}
