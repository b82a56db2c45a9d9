import RoverAPI

/// Finds a sol's observation sequences among its photos, from their names and what the feeds
/// say of them: frames of one sequence id, one camera and one eye are one sequence.
public enum SequenceFinder {
  /// How far a movie's frames may point apart, in degrees of azimuth and of elevation.
  public static let pointingTolerance = 0.1

  /// The sequences of `photos`, in the order their first frames were taken. Photos whose
  /// name says no sequence are in none.
  public static func sequences(in photos: [Photo]) -> [ObservationSequence] {
    struct Key: Hashable {
      var id: String
      var camera: String
      var eye: String?
    }
    var groups: [Key: [Photo]] = [:]
    var order: [Key] = []
    for photo in photos {
      guard let id = photo.sequence else { continue }
      let eye = StereoPairing.eye(of: photo.nasaID).map { $0.isLeft ? "left" : "right" }
      let key = Key(id: id, camera: photo.instrument ?? photo.camera.name, eye: eye)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(photo)
    }
    let found = order.map { key in
      make(id: key.id, camera: key.camera, eye: key.eye, frames: inTakenOrder(groups[key] ?? []))
    }
    return found.sorted { first, second in
      guard let one = first.photos.first, let other = second.photos.first else { return false }
      return takenBefore(one, other)
    }
  }

  /// The photos in the order they were taken: by spacecraft clock where both have one, else by
  /// Mars local time, else by name (which starts with the clock on Perseverance).
  public static func inTakenOrder(_ photos: [Photo]) -> [Photo] {
    photos.sorted(by: takenBefore)
  }

  static func takenBefore(_ one: Photo, _ other: Photo) -> Bool {
    if let first = one.details.capture.spacecraftClock,
      let second = other.details.capture.spacecraftClock, first != second
    {
      return first < second
    }
    if let first = one.details.marsTime, let second = other.details.marsTime, first != second {
      return first < second
    }
    return one.nasaID < other.nasaID
  }

  static func make(id: String, camera: String, eye: String?, frames: [Photo])
    -> ObservationSequence
  {
    var sequence = ObservationSequence(
      id: id, camera: camera, eye: eye, photos: frames, kind: .single)
    sequence.size = commonSize(of: frames)
    let sized = sequence.framesOfItsSize
    let steady = isSteady(frames)
    sequence.kind =
      if frames.count == 1 {
        .single
      } else if !steady {
        .pan
      } else if sized.count >= 3 {
        .movie
      } else {
        .frames
      }
    return sequence
  }

  /// The size most frames have (the first such in order), or `nil` when none says.
  static func commonSize(of frames: [Photo]) -> ObservationSequence.FrameSize? {
    var counts: [[Int]: Int] = [:]
    var best: [Int]?
    for frame in frames {
      guard let size = frame.details.capture.pixelSize else { continue }
      let key = [size.width, size.height]
      counts[key, default: 0] += 1
      if best == nil || counts[key, default: 0] > counts[best ?? [], default: 0] { best = key }
    }
    return best.map { ObservationSequence.FrameSize(width: $0[0], height: $0[1]) }
  }

  /// Whether the frames all point where the first does, within ``pointingTolerance``; frames
  /// without a pointing (an API server's) are taken as steady.
  static func isSteady(_ frames: [Photo]) -> Bool {
    let pointings = frames.compactMap { frame in
      frame.details.mastAzimuth.flatMap { azimuth in
        frame.details.mastElevation.map { (azimuth, $0) }
      }
    }
    guard let first = pointings.first else { return true }
    return pointings.allSatisfy { pointing in
      angle(pointing.0, first.0) <= pointingTolerance + 1e-9
        && abs(pointing.1 - first.1) <= pointingTolerance + 1e-9
    }
  }

  /// The angle between two azimuths, across north too.
  static func angle(_ one: Double, _ other: Double) -> Double {
    let difference = abs(one - other).truncatingRemainder(dividingBy: 360)
    return min(difference, 360 - difference)
  }
}
