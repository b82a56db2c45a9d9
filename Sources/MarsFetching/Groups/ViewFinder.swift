import RoverAPI

/// Finds the views photos of several sols share: frames of one camera and eye and one size,
/// pointed the same way within ``pointingTolerance`` (a mast never points twice to the same
/// pixel), or, for a camera fixed to the rover (the Hazcams, the sky camera) and frames without
/// a pointing, taken while the rover stood at one site and drive.
public enum ViewFinder {
  /// How far apart two frames of one view may point, in degrees of azimuth and of elevation.
  public static let pointingTolerance = 0.5

  /// The views of `photos`: those seen on the most sols first, then by their first frame.
  public static func views(in photos: [Photo]) -> [RepeatedView] {
    var views: [RepeatedView] = []
    for photo in SequenceFinder.inTakenOrder(photos) {
      let camera = photo.instrument ?? photo.camera.name
      let size = photo.details.capture.pixelSize.map { [$0.width, $0.height] }
      let details = photo.details
      let pointing =
        isFixed(camera)
        ? nil
        : details.mastAzimuth.flatMap { azimuth in
          details.mastElevation.map { (azimuth, $0) }
        }
      let index = views.firstIndex { view in
        guard view.camera == camera, view.size == size else { return false }
        guard let pointing else {
          return view.azimuth == nil && view.site == details.site && view.drive == details.drive
        }
        guard let azimuth = view.azimuth, let elevation = view.elevation else { return false }
        return angle(azimuth, pointing.0) <= pointingTolerance
          && abs(elevation - pointing.1) <= pointingTolerance
      }
      if let index {
        views[index].photos.append(photo)
      } else {
        views.append(
          RepeatedView(
            camera: camera, azimuth: pointing?.0, elevation: pointing?.1,
            site: pointing == nil ? details.site : nil,
            drive: pointing == nil ? details.drive : nil, size: size, photos: [photo]))
      }
    }
    // A stable sort: among views of as many sols, the first seen stays first. Each view's sols
    // are counted once, not in every comparison.
    return views.map { (view: $0, sols: $0.sols.count) }.enumerated().sorted { one, other in
      let (first, second) = (one.element.sols, other.element.sols)
      return first != second ? first > second : one.offset < other.offset
    }.map(\.element.view)
  }

  /// Whether a camera is bolted to the rover, so that its view changes only when the rover
  /// moves: the hazard cameras and the sky camera.
  public static func isFixed(_ camera: String) -> Bool {
    let name = camera.uppercased()
    return name.contains("HAZ") || name.contains("SKY")
  }

  /// Degrees between two azimuths, the short way round.
  static func angle(_ one: Double, _ other: Double) -> Double {
    let gap = abs(one - other).truncatingRemainder(dividingBy: 360)
    return min(gap, 360 - gap)
  }
}
