import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A circle on Mars: what `--near LAT,LON --within DISTANCE` keeps. Distances are along the
/// surface of a sphere of Mars's mean radius.
public struct NearbyArea: Sendable, Hashable {
  /// Mars's mean radius, metres.
  public static let marsRadius = 3_389_500.0

  /// The centre's latitude, degrees north.
  public var latitude: Double
  /// The centre's longitude, degrees east.
  public var longitude: Double
  /// How far from the centre a place may be, metres.
  public var radius: Double

  /// A circle of `radius` metres around a place.
  public init(latitude: Double, longitude: Double, radius: Double) {
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
  }

  /// The radius as a person says it: `50 m`, `2.5 km`.
  public var describedRadius: String {
    radius >= 1000 ? "\(Self.rounded(radius / 1000)) km" : "\(Self.rounded(radius)) m"
  }

  private static func rounded(_ value: Double) -> String {
    let text = String((value * 100).rounded() / 100)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// Whether a place is within the circle.
  public func contains(latitude: Double, longitude: Double) -> Bool {
    Self.distance(from: (self.latitude, self.longitude), to: (latitude, longitude)) <= radius
  }

  /// Whether a photo's place is within the circle.
  public func contains(_ place: PhotoPlace) -> Bool {
    contains(latitude: place.latitude, longitude: place.longitude)
  }

  /// The distance in metres between two places on Mars (latitude, longitude in degrees), by
  /// the haversine formula, which stays exact for the few metres between waypoints.
  public static func distance(
    from start: (latitude: Double, longitude: Double), to end: (latitude: Double, longitude: Double)
  ) -> Double {
    let radians = Double.pi / 180
    let deltaLatitude = (end.latitude - start.latitude) * radians
    let deltaLongitude = (end.longitude - start.longitude) * radians
    let half =
      Math.pow(Math.sin(deltaLatitude / 2), 2)
      + Math.cos(start.latitude * radians) * Math.cos(end.latitude * radians)
      * Math.pow(Math.sin(deltaLongitude / 2), 2)
    return 2 * marsRadius * Math.asin(min(1, half.squareRoot()))
  }
}

extension Traverse {
  /// The sols the rover may have been within `area`: from each waypoint inside it to the sol
  /// of the next waypoint (whose photos before that drive were taken still there), and from
  /// the last waypoint on. Merged, in order; the last may end at `Int.max`.
  public func sols(within area: NearbyArea) -> [ClosedRange<Int>] {
    var spans: [ClosedRange<Int>] = []
    for (index, point) in waypoints.enumerated()
    where area.contains(latitude: point.latitude, longitude: point.longitude) {
      let end = index + 1 < waypoints.count ? waypoints[index + 1].sol : Int.max
      let span = point.sol...max(point.sol, end)
      if let last = spans.last, span.lowerBound <= last.upperBound {
        spans[spans.count - 1] = last.lowerBound...max(last.upperBound, span.upperBound)
      } else {
        spans.append(span)
      }
    }
    return spans
  }
}
