#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The day a photo query asks about: a sol, or an Earth date.
public enum PhotoDay: Sendable, Hashable, CustomStringConvertible {
  /// A Martian day counted from landing.
  case sol(Int)
  /// A calendar day on Earth.
  case earthDate(EarthDate)

  /// The query item that selects this day.
  public var queryItem: URLQueryItem {
    switch self {
    case .sol(let sol): URLQueryItem(name: "sol", value: String(sol))
    case .earthDate(let date): URLQueryItem(name: "earth_date", value: date.description)
    }
  }

  /// `sol 1000` or `2015-05-30`, for messages.
  public var description: String {
    switch self {
    case .sol(let sol): "sol \(sol)"
    case .earthDate(let date): date.description
    }
  }
}
