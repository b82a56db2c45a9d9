import MarsFetching
import RasterImages
import RoverAPI

/// What the browser asks of the world, as functions: the executable makes them from the
/// archive, the clients and the folder; a test makes them from anything.
public struct BrowserServices: Sendable {
  /// The rovers, and the reason of each that failed.
  public var rovers: @Sendable () async throws -> ([RoverRow], failures: [String])
  /// The missions the source adds beside its rovers, and the reason of each that failed:
  /// asked at the same time as the rovers, shown once they answer.
  public var missions: @Sendable () async throws -> ([RoverRow], failures: [String])
  /// A rover's sols, newest first.
  public var sols: @Sendable (_ rover: String) async throws -> [SolRow]
  /// A sol's photos.
  public var photos: @Sendable (_ key: SolKey) async throws -> [Photo]
  /// A photo's picture, decoded at about `columns` pixels wide or more.
  public var preview: @Sendable (_ address: String, _ columns: Int) async throws -> RasterImage
  /// Saves a sol or a photo, saying how far it is as it goes.
  public var download:
    @Sendable (_ order: DownloadOrder, _ progress: @escaping @Sendable (DownloadCount) -> Void)
      async throws -> DownloadReport
  /// The sols of a rover already in the folder.
  public var savedSols: @Sendable (_ rover: String) -> Set<Int>
  /// Opens a photo with the system's opener; the reason when it cannot.
  public var open: @Sendable (_ photo: Photo) -> String?
  /// An error in the commands' words.
  public var describe: @Sendable (_ error: any Error) -> String
  /// A rover's traverse map, for where the selected sol was; `nil` when it has none.
  public var traverse: @Sendable (_ rover: String) async throws -> Traverse?
  /// The catalogue's photos whose title or caption has the words, of the rover or of every
  /// mission, newest first (at most ``BrowserState/Found/limit``); `nil` without a catalogue.
  public var search: (@Sendable (_ words: String, _ rover: String?) async throws -> [Photo])?

  /// Services.
  public init(
    rovers: @escaping @Sendable () async throws -> ([RoverRow], failures: [String]),
    sols: @escaping @Sendable (String) async throws -> [SolRow],
    photos: @escaping @Sendable (SolKey) async throws -> [Photo],
    preview: @escaping @Sendable (String, Int) async throws -> RasterImage,
    download:
      @escaping @Sendable (DownloadOrder, @escaping @Sendable (DownloadCount) -> Void)
      async throws -> DownloadReport,
    savedSols: @escaping @Sendable (String) -> Set<Int>,
    open: @escaping @Sendable (Photo) -> String?,
    describe: @escaping @Sendable (any Error) -> String,
    missions: @escaping @Sendable () async throws -> ([RoverRow], failures: [String]) = {
      ([], [])
    },
    traverse: @escaping @Sendable (String) async throws -> Traverse? = { _ in nil },
    search: (@Sendable (String, String?) async throws -> [Photo])? = nil
  ) {
    self.traverse = traverse
    self.search = search
    self.rovers = rovers
    self.missions = missions
    self.sols = sols
    self.photos = photos
    self.preview = preview
    self.download = download
    self.savedSols = savedSols
    self.open = open
    self.describe = describe
  }
}
