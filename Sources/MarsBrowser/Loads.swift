import MarsFetching
import RasterImages
import RoverAPI

/// Something the browser fetches: the list a level shows, the lists fetched ahead of the
/// selection, and the preview of a photo.
public enum Load: Sendable, Hashable {
  /// The rovers of the first level.
  case rovers
  /// The missions the source adds beside its rovers (NASA's feeds' Ingenuity and InSight),
  /// fetched apart so that the rovers never wait for them; answered as ``LoadResult/rovers``.
  case missions
  /// One rover's sols, from its manifest.
  case sols(String)
  /// One sol's photos.
  case photos(SolKey)
  /// The catalogue's photos whose title or caption has the words, of one rover or of all;
  /// answered as ``LoadResult/photos(_:)``.
  case found(String, rover: String?)
  /// A photo's preview, by its image's address.
  case preview(String)
  /// A rover's traverse map, for where its sols were (its lower-cased name).
  case traverse(String)
  /// A stereo pair's preview as a red/cyan anaglyph, by its frames' addresses; answered as
  /// ``LoadResult/preview(_:)``.
  case anaglyph(left: String, right: String)

  /// Where its picture is kept among the previews.
  var previewKey: String? {
    switch self {
    case .preview(let address): address
    case .anaglyph(let left, let right): "anaglyph\n\(left)\n\(right)"
    default: nil
    }
  }
}

/// What a load brought.
public enum LoadResult: Sendable {
  /// The rovers, and for each rover that failed, why.
  case rovers([RoverRow], failures: [String])
  /// A rover's sols.
  case sols([SolRow])
  /// A sol's photos.
  case photos([Photo])
  /// A photo's picture, decoded and made small.
  case preview(RasterImage)
  /// A rover's traverse; `nil` for a rover NASA publishes none for.
  case traverse(Traverse?)
  /// Why the load failed, in the commands' words.
  case failed(String)
}

/// A list the browser shows: not there yet, there, or failed.
public enum Loaded<Value: Sendable>: Sendable {
  case value(Value)
  case failure(String)

  /// The value, when there is one.
  public var value: Value? {
    if case .value(let value) = self { return value }
    return nil
  }
}
