import RoverAPI

/// One sol's photos as a source listed them, with whether the source's own count agrees with
/// what it listed.
///
/// A feed's `total` is a claim, not a fact: a sol whose pages list more or fewer records than
/// the total says is taken as listed, and is looked at again on a later run.
public struct SolListing: Sendable {
  /// The photos, each once, in the source's order.
  public var photos: [Photo]
  /// The source's count and what its pages held, when they disagree; `nil` when they agree or
  /// the source gives no count.
  public var disagreement: CountDisagreement?

  /// Creates a listing.
  public init(photos: [Photo], disagreement: CountDisagreement? = nil) {
    self.photos = photos
    self.disagreement = disagreement
  }

  /// This listing with another source's photos of the same sol added, each photo once by its
  /// identity: what a mirror lists when NASA's feeds name a sol again after a late downlink.
  public func adding(_ other: SolListing) -> SolListing {
    var seen = Set(photos.map(\.nasaID))
    let more = other.photos.filter { seen.insert($0.nasaID).inserted }
    return SolListing(
      photos: photos + more, disagreement: disagreement ?? other.disagreement)
  }
}

/// A source's count of a sol's records against the records its pages held.
public struct CountDisagreement: Sendable, Hashable {
  /// What the source's `total` said.
  public var claimed: Int
  /// How many records its pages held.
  public var listed: Int

  /// Creates the pair.
  public init(claimed: Int, listed: Int) {
    self.claimed = claimed
    self.listed = listed
  }
}

extension Array where Element == Photo {
  /// The photos, each once by its identity, in their first place.
  public func uniquedByIdentity() -> [Photo] {
    var seen = Set<String>()
    return filter { seen.insert($0.nasaID).inserted }
  }
}
