import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// NASA's feeds did not answer for a mission nobody named within the time it was given: the
/// missions are an extra beside the source's rovers, and an extra never holds up the rest.
public struct FeedsTooSlow: Error, Sendable, Hashable, CustomStringConvertible {
  /// The feeds' host.
  public var host: String
  /// The time they had, in seconds.
  public var seconds: Double

  /// Creates the failure.
  public init(host: String, seconds: Double) {
    self.host = host
    self.seconds = seconds
  }

  /// `no answer from mars.nasa.gov within 2 s`.
  public var description: String {
    let shown =
      seconds == seconds.rounded() ? String(Int(seconds)) : POSIX.fixed(seconds, places: 1)
    return "no answer from \(host) within \(shown) s"
  }
}
