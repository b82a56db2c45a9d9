import RoverAPI

/// One view a camera had on one or more sols: the same camera and eye, the same pointing (or,
/// for a camera fixed to the rover, the same site and drive) and the same frame size. A view
/// seen on several sols is a time-lapse.
public struct RepeatedView: Sendable {
  /// The camera (the feeds' instrument, which names the eye: `NAVCAM_LEFT`).
  public var camera: String
  /// The pointing of the view's first frame, in degrees; `nil` for a fixed camera.
  public var azimuth: Double?
  /// See ``azimuth``.
  public var elevation: Double?
  /// Where the rover stood, for a fixed camera: its site and drive.
  public var site: Int?
  /// See ``site``.
  public var drive: Int?
  /// The frames' size in pixels, as the records give it.
  public var size: [Int]?
  /// Every frame of the view, in the order they were taken.
  public var photos: [Photo]

  /// The sols the view was seen on, in order.
  public var sols: [Int] { Array(Set(photos.map(\.sol))).sorted() }

  /// Its frames' local times, in minutes after midnight.
  public var minutes: [Int] { photos.compactMap(\.details.marsMinuteOfDay) }

  /// The time of day most of its sols have a frame near (within half an hour), in minutes;
  /// of equals, the earliest. `nil` when no frame has a local time.
  public var usualMinute: Int? {
    let candidates = Set(minutes).sorted()
    var best: (minute: Int, sols: Int)?
    for candidate in candidates {
      let near = Set(
        photos.filter { photo in
          photo.details.marsMinuteOfDay.map { Self.apart($0, candidate) <= 30 } ?? false
        }.map(\.sol)
      ).count
      if near > best?.sols ?? 0 { best = (candidate, near) }
    }
    return best?.minute
  }

  /// One frame a sol: the one taken nearest `minute` (local time), or the sol's first when
  /// there is no time; in sol order.
  public func framesOfEachSol(nearest minute: Int?) -> [Photo] {
    Dictionary(grouping: photos, by: \.sol).sorted { $0.key < $1.key }.compactMap { _, frames in
      guard let minute else { return frames.first }
      return frames.min { one, other in
        let first = one.details.marsMinuteOfDay.map { Self.apart($0, minute) } ?? Int.max
        let second = other.details.marsMinuteOfDay.map { Self.apart($0, minute) } ?? Int.max
        return first < second
      }
    }
  }

  /// Minutes between two times of day, the short way round midnight.
  static func apart(_ one: Int, _ other: Int) -> Int {
    let gap = abs(one - other) % 1440
    return min(gap, 1440 - gap)
  }
}
