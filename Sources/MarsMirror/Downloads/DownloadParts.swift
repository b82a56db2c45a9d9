import MarsFetching
import RoverAPI

/// The downloads of photos too many to hold at once (a search may find every photo of a
/// mission), planned a part at a time as ``MissionDownloads`` plans them. A part ends at the
/// first new sol past ``MissionDownloads/photosAPart`` photos, so that a sol's photos are
/// planned, saved and recorded together when the photos come in sol order; memory follows a
/// part, not the run.
///
/// Walking the parts again plans the same downloads in the same order, as long as the
/// photos come again as they came (a catalogue read within one read transaction does).
public struct DownloadParts<Photos: Sequence>: Sequence where Photos.Element == Photo {
  private let photos: Photos
  private let layout: PhotoFileLayout
  private let photosAPart: Int

  /// The parts of `photos`' downloads into `layout`, of about `photosAPart` photos each.
  public init(
    _ photos: Photos, layout: PhotoFileLayout, photosAPart: Int = MissionDownloads.photosAPart
  ) {
    self.photos = photos
    self.layout = layout
    self.photosAPart = Swift.max(1, photosAPart)
  }

  /// One walk over the parts.
  public struct Iterator: IteratorProtocol {
    private var photos: Photos.Iterator
    private let layout: PhotoFileLayout
    private let photosAPart: Int
    /// The photo read that begins the next part.
    private var waiting: Photo?

    init(_ parts: DownloadParts) {
      photos = parts.photos.makeIterator()
      layout = parts.layout
      photosAPart = parts.photosAPart
    }

    /// The next part's downloads (a photo listed twice in it planned once); `nil` when no
    /// photo is left.
    public mutating func next() -> [PhotoDownload]? {
      var part: [Photo] = []
      while let photo = waiting ?? photos.next() {
        waiting = nil
        if part.count >= photosAPart, let last = part.last,
          last.sol != photo.sol || last.rover.name != photo.rover.name
        {
          waiting = photo
          break
        }
        part.append(photo)
      }
      return part.isEmpty ? nil : MissionDownloads.downloads(of: part, layout: layout)
    }
  }

  /// A walk from the first photo.
  public func makeIterator() -> Iterator { Iterator(self) }
}
