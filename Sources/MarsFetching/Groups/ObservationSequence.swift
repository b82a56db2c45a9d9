import RoverAPI

/// One commanded observation of a sol, as its photos show it: the frames one camera's eye took
/// under one sequence id, in the order they were taken, and what kind of observation they are.
public struct ObservationSequence: Sendable, Hashable {
  /// What the frames make.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// Three or more frames of one eye, one pointing and one size: they play as a movie.
    case movie
    /// Frames whose pointing moves: they sweep the scene.
    case pan
    /// One frame.
    case single
    /// Two frames at one pointing, or frames of mixed sizes: neither a movie nor a pan.
    case frames
  }

  /// The sequence id: `NCAM00518`.
  public var id: String
  /// NASA's instrument, or the camera where the source names no instrument: `NAVCAM_LEFT`.
  public var camera: String
  /// The eye, `left` or `right`, when the camera has two.
  public var eye: String?
  /// The frames, oldest first (by spacecraft clock, else Mars time, else name).
  public var photos: [Photo]
  /// What they make.
  public var kind: Kind
  /// The size most frames have, when the source says: a movie's frame size.
  public var size: FrameSize?

  /// A frame's width and height, in pixels.
  public struct FrameSize: Sendable, Hashable {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int
  }

  /// The pointing of the first frame, when the source says.
  public var pointing: (azimuth: Double, elevation: Double)? {
    guard let first = photos.first, let azimuth = first.details.mastAzimuth,
      let elevation = first.details.mastElevation
    else { return nil }
    return (azimuth, elevation)
  }

  /// The frames of the sequence's size: what a movie of it shows. Frames whose size is not
  /// known are kept.
  public var framesOfItsSize: [Photo] {
    guard let size else { return photos }
    return photos.filter { photo in
      photo.details.capture.pixelSize.map { $0 == (size.width, size.height) } ?? true
    }
  }

  /// The Mars local time of the first and the last frame, `HH:MM:SS`, when the source says.
  public var marsTimes: (first: String?, last: String?) {
    (photos.first.flatMap(Self.clockTime), photos.last.flatMap(Self.clockTime))
  }

  /// `08:12:22` of `Sol-00888M08:12:22.204`.
  static func clockTime(_ photo: Photo) -> String? {
    photo.details.marsClock.map { String($0.prefix(8)) }
  }
}
