extension Sequence<Photo> {
  /// Whether any of the photos has the API's number: NASA's Perseverance feed numbers none,
  /// and a list of them shows no column of nothing.
  public var anyNumbered: Bool { contains { $0.id != nil } }

  /// Whether the photos are of more than one rover (a search's may be): a list of them then
  /// says whose each one is.
  public var ofSeveralRovers: Bool {
    var first: String?
    for photo in self {
      if let first, photo.rover.name != first { return true }
      first = first ?? photo.rover.name
    }
    return false
  }
}
