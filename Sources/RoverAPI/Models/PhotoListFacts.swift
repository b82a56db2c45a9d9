extension Sequence<Photo> {
  // Inlinable, so that each list's own type walks itself: a catalogue search asks these of
  // thousands of photos, and the unspecialised walk copied each whole photo to look at one
  // field.

  /// Whether any of the photos has the API's number: NASA's Perseverance feed numbers none,
  /// and a list of them shows no column of nothing.
  @inlinable public var anyNumbered: Bool { contains { $0.id != nil } }

  /// Whether the photos are of more than one rover (a search's may be): a list of them then
  /// says whose each one is.
  @inlinable public var ofSeveralRovers: Bool {
    var first: String?
    return contains { photo in
      guard let first else {
        first = photo.rover.name
        return false
      }
      return photo.rover.name != first
    }
  }
}
