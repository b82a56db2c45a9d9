/// The rover nested in a photo.
///
/// Its shape changed over the years (the oldest lacks `launch_date` and `status`), so only
/// the two fields every server has sent are kept.
public struct RoverReference: Decodable, Sendable, Hashable {
  /// The server's id for the rover.
  public var id: Int
  /// The rover's name, such as `Perseverance`.
  public var name: String

  /// Creates a reference to a rover.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}
