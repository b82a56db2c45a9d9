import MarsFetching
import RasterImages
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything the browser shows, as a value: the level, the lists, the selection, the line
/// being typed, the status line.
///
/// It changes only through ``BrowserState/apply(_:)`` (a key or a resize, which may ask for
/// effects) and ``BrowserState/receive(_:_:)`` (what a load brought); it says what it wants
/// loaded in ``BrowserState/wantedLoads``, and ``BrowserView`` draws it. None of that touches a
/// terminal or the network, so the whole browser is tested as plain values.
public struct BrowserState: Sendable {
  /// The three levels of the drill-down.
  public enum Level: Int, Sendable, Hashable, CaseIterable {
    case rovers, sols, photos
  }

  /// The selected row of a level's list, and the first row shown.
  public struct Cursor: Sendable, Hashable {
    /// The selected row.
    public var selected = 0
    /// The first row on screen.
    public var top = 0
  }

  /// A line for the status bar.
  public struct Message: Sendable, Hashable {
    /// What it says.
    public var text: String
    /// Whether it reports a failure.
    public var isError: Bool
  }

  /// How the browser draws, fixed for the session.
  public struct Options: Sendable {
    /// Whether the photo level shows a half-block preview of the selected photo.
    public var previews: Bool
    /// Whether colour is used (not with `NO_COLOR` or `--color never`).
    public var colors: Bool
    /// Whether the terminal takes 24-bit colours; else xterm's 256.
    public var trueColor: Bool
    /// How many times taller than wide a cell is.
    public var cellAspect: Double
    /// Where `d` saves, as the user gave it.
    public var folder: String
    /// Whether the source adds missions beside its rovers (``Load/missions``), which are asked
    /// apart and added to the list when they answer.
    public var missions: Bool
    /// Whether the rovers' traverse maps are asked for (``Load/traverse(_:)``), so the status
    /// line says where the selected sol was; not with the API alone.
    public var places: Bool
    /// Whether there is a catalogue to search (``BrowserServices/search``): words after `/`
    /// that name no rover or camera find the photos whose title or caption has them.
    public var catalogue: Bool

    /// Options.
    public init(
      previews: Bool, colors: Bool, trueColor: Bool, cellAspect: Double = 2, folder: String,
      missions: Bool = false, places: Bool = false, catalogue: Bool = false
    ) {
      self.missions = missions
      self.places = places
      self.catalogue = catalogue
      self.previews = previews
      self.colors = colors
      self.trueColor = trueColor
      self.cellAspect = cellAspect
      self.folder = folder
    }
  }

  /// The most sols' photo lists and previews kept: enough to go back and forth, never a
  /// mission's worth.
  static let keptLists = 48
  static let keptPreviews = 48

  /// How the browser draws.
  public var options: Options
  /// The screen's size.
  public var columns: Int
  /// The screen's height.
  public var rows: Int
  /// The level shown.
  public var level: Level = .rovers
  /// The rovers, once loaded, with the missions at their end once those answered.
  public var rovers: Loaded<[RoverRow]>?
  /// The missions the source adds, once they answered (empty when they failed).
  public var missions: [RoverRow]?
  /// Each rover's sols, by the rover's key (its lower-cased name).
  public var sols: [String: Loaded<[SolRow]>] = [:]
  /// Each sol's photos, grouped by camera.
  public var photos: [SolKey: Loaded<[Photo]>] = [:]
  /// Previews, by image address (an anaglyph's by ``Load/previewKey``).
  public var previews: [String: Loaded<RasterImage>] = [:]
  /// Each open sol's stereo pairs, by the NASA id of either frame.
  public var stereoPairs: [SolKey: [String: StereoPair]] = [:]
  /// Whether the preview of a photo of a stereo pair is its red/cyan anaglyph (`a`).
  public var anaglyph = false
  /// The movie the preview plays (`m`), if any.
  public var movie: MoviePlayback?
  /// Each rover's traverse, by its key; `nil` inside when it has none, a failure when the map
  /// could not be had (the sols are shown all the same).
  public var traverses: [String: Loaded<Traverse?>] = [:]
  /// The rover whose sols are open (its key).
  public var rover: String?
  /// The sol whose photos are open.
  public var sol: Int?
  /// Each level's selection.
  public var cursors: [Level: Cursor] = [:]
  /// The search being typed after `/`, or `nil`.
  public var search: String?
  /// A sol or a date searched for while the rover's sols were loading: made once they come.
  public var pendingJump: PendingJump?
  /// The catalogue's answer to words searched for, shown on the photo level in place of a
  /// sol's photos; `nil` when no search is open.
  public var found: Found?
  /// The status line's message.
  public var message: Message?
  /// Whether the keys are shown.
  public var showsHelp = false
  /// Downloads under way: what each saves, and how far it is.
  public var downloads: [DownloadOrder: DownloadCount] = [:]
  /// The sols already in the folder, by rover key.
  public var saved: [String: Set<Int>] = [:]

  /// The state at start: the rovers, or the sols of `rover` when one was given.
  public init(options: Options, columns: Int, rows: Int, rover: String? = nil) {
    self.options = options
    self.columns = columns
    self.rows = rows
    if let rover {
      self.rover = rover.lowercased()
      level = .sols
    }
  }

  // MARK: - What is shown

  /// The rows of the list a level shows.
  public func count(at level: Level) -> Int {
    switch level {
    case .rovers: rovers?.value?.count ?? 0
    case .sols: openSols?.count ?? 0
    case .photos: openPhotos?.count ?? 0
    }
  }

  /// The sols of the open rover, once loaded.
  public var openSols: [SolRow]? { rover.flatMap { sols[$0]?.value } }

  /// The photos of the open sol, or those a catalogue search found, once loaded.
  public var openPhotos: [Photo]? {
    if let found { return found.photos?.value }
    return openSol.flatMap { photos[$0]?.value }
  }

  /// The open sol.
  public var openSol: SolKey? {
    guard let rover, let sol else { return nil }
    return SolKey(rover: rover, sol: sol)
  }

  /// A level's cursor.
  public func cursor(_ level: Level) -> Cursor { cursors[level] ?? Cursor() }

  /// The selected rover row.
  public var selectedRover: RoverRow? {
    rovers?.value?.element(at: cursor(.rovers).selected)
  }

  /// The selected sol row.
  public var selectedSol: SolRow? { openSols?.element(at: cursor(.sols).selected) }

  /// The selected photo.
  public var selectedPhoto: Photo? { openPhotos?.element(at: cursor(.photos).selected) }

  /// The rows of a list on screen: all but the title, the column heads and the status line.
  public var listHeight: Int { max(1, rows - 3) }

  /// The display name of a rover key: the source's spelling once the rovers are loaded.
  public func roverName(_ key: String) -> String {
    rovers?.value?.first { $0.name.lowercased() == key }?.name ?? key.capitalized
  }

  // MARK: - Loads

  /// What should be loading now, most wanted first: the lists on screen, the selected sol's
  /// photos and its neighbours' (fetched ahead), the selected photo's preview. A load that
  /// leaves this list is cancelled; one that has its answer is never asked again.
  public var wantedLoads: [Load] {
    var loads: [Load] = [.rovers]
    if options.missions { loads.append(.missions) }
    switch level {
    case .rovers:
      if let row = selectedRover { loads.append(.sols(row.name.lowercased())) }
    case .sols:
      if let rover {
        loads.append(.sols(rover))
        if options.places { loads.append(.traverse(rover)) }
        if let rows = openSols {
          let selected = cursor(.sols).selected
          for index in [selected, selected + 1, selected - 1] {
            if let row = rows.element(at: index) {
              loads.append(.photos(SolKey(rover: rover, sol: row.sol)))
            }
          }
        }
      }
    case .photos:
      if let found {
        loads.append(found.load)
      } else {
        if let rover { loads.append(.sols(rover)) }
        if let openSol { loads.append(.photos(openSol)) }
      }
      if options.previews, BrowserView.previewWidth(columns) > 0, let photo = selectedPhoto {
        loads.append(previewLoad(of: photo))
        if let next = nextMovieFrame { loads.append(.preview(next.imgSrc)) }
      }
    }
    return loads.filter { !has($0) }
  }

  /// Whether the load's answer is here.
  public func has(_ load: Load) -> Bool {
    switch load {
    case .rovers: rovers != nil
    case .missions: missions != nil
    case .traverse(let rover): traverses[rover] != nil
    case .sols(let rover): sols[rover] != nil
    case .photos(let key): photos[key] != nil
    case .found: found?.load == load && found?.photos != nil
    case .preview, .anaglyph: load.previewKey.map { previews[$0] != nil } ?? false
    }
  }

  /// Keeps what a load brought.
  public mutating func receive(_ load: Load, _ result: LoadResult) {
    switch (load, result) {
    case (.rovers, .rovers(let rows, let failures)):
      rovers = .value(rows)
      if let first = failures.first { message = Message(text: first, isError: true) }
      addMissions(selecting: true)
    case (.missions, .rovers(let rows, let failures)):
      missions = rows
      // The rovers' own failure, on screen first, stays there.
      if let first = failures.first, message?.isError != true {
        message = Message(text: first, isError: true)
      }
      addMissions(selecting: false)
    case (.sols(let rover), .sols(let rows)):
      sols[rover] = .value(rows)
      if let pending = pendingJump, pending.rover == rover {
        pendingJump = nil
        // Only while the rover is still open: a user who went elsewhere meanwhile (back to
        // the rovers, another rover) is not taken back.
        if self.rover == rover, level != .rovers { jump(to: pending.text) }
      }
    case (.traverse(let rover), .traverse(let traverse)):
      traverses[rover] = .value(traverse)
    case (.found, .photos(let list)):
      guard found?.load == load else { break }
      found?.photos = .value(list)
      message = Message(text: found?.summary ?? "", isError: false)
    case (.photos(let key), .photos(let list)):
      photos[key] = .value(PhotoRows.grouped(list))
      var pairs: [String: StereoPair] = [:]
      for pair in StereoPairing.pairs(in: list) {
        pairs[pair.left.nasaID] = pair
        pairs[pair.right.nasaID] = pair
      }
      stereoPairs[key] = pairs
      forgetFarLists()
    case (.preview, .preview(let image)), (.anaglyph, .preview(let image)):
      guard let address = load.previewKey else { break }
      previews[address] = .value(image)
      if previews.count > Self.keptPreviews {
        let selected = selectedPhoto?.imgSrc
        for key in previews.keys.prefix(previews.count - Self.keptPreviews) where key != selected {
          previews[key] = nil
        }
      }
    case (_, .failed(let reason)):
      fail(load, reason)
    default:
      break
    }
  }

  /// Puts the missions that answered at the end of the rovers' list once both are here, and
  /// selects the rover the browser was opened on: when the list first arrives (`selecting`),
  /// or when it is a mission just added, never moving a selection the user made since.
  private mutating func addMissions(selecting: Bool) {
    guard case .value(var rows)? = rovers else { return }
    let before = rows.count
    for row in missions ?? []
    where !rows.contains(where: { $0.name.lowercased() == row.name.lowercased() }) {
      rows.append(row)
    }
    rovers = .value(rows)
    if let rover, let index = rows.firstIndex(where: { $0.name.lowercased() == rover }),
      selecting || index >= before
    {
      cursors[.rovers] = Cursor(selected: index, top: 0)
      scrollIntoView(.rovers)
    }
  }

  /// Notes a failed load: its list shows the reason, and so does the status line when it is
  /// what the screen shows.
  private mutating func fail(_ load: Load, _ reason: String) {
    switch load {
    case .traverse(let rover):
      // An extra too: the sols stay, the status line simply says no place.
      traverses[rover] = .failure(reason)
      return
    case .missions:
      // An extra: the rovers stay as they are, and the status line says what is left out.
      missions = []
      if message?.isError != true { message = Message(text: reason, isError: true) }
      return
    case .rovers: rovers = .failure(reason)
    case .sols(let rover):
      sols[rover] = .failure(reason)
      if pendingJump?.rover == rover { pendingJump = nil }
    case .photos(let key): photos[key] = .failure(reason)
    case .found: if found?.load == load { found?.photos = .failure(reason) }
    case .preview, .anaglyph: if let key = load.previewKey { previews[key] = .failure(reason) }
    }
    if isOnScreen(load) {
      message = Message(text: reason, isError: true)
    }
  }

  /// Whether the load's list or picture is on screen now.
  private func isOnScreen(_ load: Load) -> Bool {
    switch (level, load) {
    case (.rovers, .rovers): true
    case (.sols, .sols(let rover)): rover == self.rover
    case (.photos, .photos(let key)): found == nil && key == openSol
    case (.photos, .found): found?.load == load
    case (.photos, .preview), (.photos, .anaglyph):
      selectedPhoto.map { previewLoad(of: $0) == load } ?? false
    default: false
    }
  }

  /// Where the rover was on the selected sol, in words for the status line:
  /// `sol 1000 at 4.5907° S, 137.4434° E, −4496 m`; `nil` without a map or a point by then.
  public var selectedPlace: String? {
    guard level == .sols, let rover, let row = selectedSol,
      let traverse = traverses[rover]?.value ?? nil, let point = traverse.position(onSol: row.sol)
    else { return nil }
    func degrees(_ value: Double, _ positive: String, _ negative: String) -> String {
      POSIX.fixed(abs(value), places: 4) + "° " + (value < 0 ? negative : positive)
    }
    var text = "sol \(row.sol) at \(degrees(point.latitude, "N", "S")), "
    text += degrees(point.longitude, "E", "W")
    if let elevation = point.elevation { text += ", " + POSIX.fixed(elevation, places: 0) + " m" }
    if point.sol != row.sol { text += " (the last drive before, sol \(point.sol))" }
    return text
  }

  /// The selected photo's stereo pair, when it is one of a pair on its sol.
  public func pair(of photo: Photo) -> StereoPair? {
    // A search's photos come from many sols: no pairs are looked for among them.
    guard found == nil else { return nil }
    return openSol.flatMap { stereoPairs[$0]?[photo.nasaID] }
  }

  /// What the preview of `photo` is: its picture, or its pair's anaglyph with `a`.
  public func previewLoad(of photo: Photo) -> Load {
    if let movie, movie.frames.contains(photo) { return .preview(movie.frame.imgSrc) }
    if anaglyph, let pair = pair(of: photo) {
      return .anaglyph(left: pair.left.imgSrc, right: pair.right.imgSrc)
    }
    return .preview(photo.imgSrc)
  }

  /// Forgets the photo lists of sols far from the open one, beyond the most kept.
  private mutating func forgetFarLists() {
    guard photos.count > Self.keptLists else { return }
    let near = Set(wantedLoads + [openSol.map(Load.photos)].compactMap { $0 })
    for key in photos.keys where !near.contains(.photos(key)) && key != openSol {
      photos[key] = nil
      if photos.count <= Self.keptLists { break }
    }
  }

  /// Moves a level's first row shown so that its selection is on screen.
  mutating func scrollIntoView(_ level: Level) {
    var cursor = self.cursor(level)
    let count = count(at: level)
    cursor.selected = max(0, min(cursor.selected, count - 1))
    let height = listHeight
    if cursor.selected < cursor.top { cursor.top = cursor.selected }
    if cursor.selected >= cursor.top + height { cursor.top = cursor.selected - height + 1 }
    cursor.top = max(0, min(cursor.top, max(0, count - height)))
    cursors[level] = cursor
  }
}

extension Array {
  /// The element at `index`, or `nil` outside the array.
  func element(at index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
