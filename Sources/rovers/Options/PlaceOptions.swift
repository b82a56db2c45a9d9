import ArgumentParsing
import CommandRuntime
import MarsFetching
import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--near LAT,LON --within DISTANCE`: only the photos taken within a distance of a place,
/// placed on the rover's traverse.
enum PlaceOptions {
  /// A place as `--near` gives it.
  struct Point: Sendable {
    var latitude: Double
    var longitude: Double
  }

  static let near = Option<Point>(
    "near", value: "lat,lon", help: "Only photos taken near here: degrees north, east.",
    parse: point)
  static let within = Option<Double>(
    "within", value: "distance", help: "How near --near: 50m, 2km.", parse: distance)

  /// The options, for a command's spec.
  static let specs: [OptionSpec] = [near.spec, within.spec]

  /// The area the arguments name; `nil` without either option, a usage error with one alone.
  static func parse(_ arguments: ParsedArguments) throws -> NearbyArea? {
    let point = try arguments[near]
    let radius = try arguments[within]
    switch (point, radius) {
    case (nil, nil): return nil
    case (let point?, let radius?):
      return NearbyArea(latitude: point.latitude, longitude: point.longitude, radius: radius)
    case (nil, _):
      throw UsageError(message: "'--within' needs '--near <lat,lon>'", command: arguments.spec)
    case (_, nil):
      throw UsageError(message: "'--near' needs '--within <distance>'", command: arguments.spec)
    }
  }

  /// `LAT,LON`: two numbers, a latitude from -90 to 90 and a longitude from -180 to 360.
  private static func point(_ text: String) -> Result<Point, Option<Point>.ValueProblem> {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingSpaces())
    }
    guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
      latitude.isFinite, longitude.isFinite
    else {
      return .failure(.init(reason: "give a latitude and a longitude, such as 18.44,77.45"))
    }
    guard (-90...90).contains(latitude) else {
      return .failure(.init(reason: "a latitude is from -90 to 90"))
    }
    guard (-180...360).contains(longitude) else {
      return .failure(.init(reason: "a longitude is from -180 to 360"))
    }
    return .success(Point(latitude: latitude, longitude: longitude))
  }

  /// A distance with its unit, `50m` or `2km`, as metres.
  private static func distance(_ text: String) -> Result<Double, Option<Double>.ValueProblem> {
    let units: [(suffix: String, metres: Double)] = [("km", 1000), ("m", 1)]
    let trimmed = text.trimmingSpaces().lowercased()
    guard let unit = units.first(where: { trimmed.hasSuffix($0.suffix) }),
      let number = Double(trimmed.dropLast(unit.suffix.count).trimmingSpaces())
    else {
      return .failure(.init(reason: "give a distance with its unit, such as 50m or 2km"))
    }
    guard number.isFinite, number >= 0 else {
      return .failure(.init(reason: "a distance is 0 or more, such as 50m or 2km"))
    }
    return .success(number * unit.metres)
  }
}
