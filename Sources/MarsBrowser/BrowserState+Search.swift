import RoverAPI

extension BrowserState {
  /// A search for a sol or an Earth date typed before the rover's sols came.
  public struct PendingJump: Sendable, Equatable {
    /// The rover whose sols it waits for (its key).
    public var rover: String
    /// What was typed.
    public var text: String
  }

  /// Words searched for in the catalogue, and what it found.
  public struct Found: Sendable {
    /// The most photos a search shows, newest first: a screen's list, not a mission.
    public static let limit = 1000

    /// The words, as typed.
    public var text: String
    /// The rover searched (its key), or `nil` for every mission.
    public var rover: String?
    /// The photos, once found.
    public var photos: Loaded<[Photo]>?
    /// The level the search was typed on, where Backspace goes back to.
    public var from: Level

    /// The load that brings its photos.
    var load: Load { .found(text, rover: rover) }

    /// What the status line says once they are here.
    var summary: String {
      let count = photos?.value?.count ?? 0
      let what = count == 1 ? "1 photo" : "\(count) photos"
      return "\(what) whose title or caption has '\(text)'"
        + (count >= Self.limit ? " (the newest \(Self.limit))" : "")
    }
  }

  /// What a search typed after `/` names.
  enum SearchTarget: Equatable {
    case sol(Int)
    case earthDate(String)
    case word(String)

    init?(_ text: String) {
      let text = String(
        text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      guard !text.isEmpty else { return nil }
      if let sol = Int(text), sol >= 0 {
        self = .sol(sol)
      } else if text.count == 10, text.split(separator: "-").map(\.count) == [4, 2, 2],
        text.allSatisfy({ $0.isNumber || $0 == "-" })
      {
        self = .earthDate(text)
      } else {
        self = .word(text.lowercased())
      }
    }
  }

  /// Enter after `/`: a rover's name selects the rover; a sol or an Earth date selects that
  /// sol of the open (or selected) rover, the nearest when it has no photos; a camera selects
  /// its first photo, or the next sol it took photos on.
  mutating func jump(to text: String) {
    // A new search replaces one still waiting for its sols.
    pendingJump = nil
    guard let target = SearchTarget(text) else { return }
    switch target {
    case .word(let word):
      if let index = rovers?.value?.firstIndex(where: { $0.name.lowercased().hasPrefix(word) }) {
        closeFound()
        level = .rovers
        move(to: index, jump: true)
      } else if found == nil, jumpToCamera(word) {
        break
      } else if options.catalogue {
        find(String(text.drop(while: \.isWhitespace)))
      } else {
        message = Message(text: "nothing here matches '\(text)'", isError: false)
      }
    case .sol(let sol):
      closeFound()
      jumpToSol(text) { rows in
        Self.nearest(rows, by: { abs($0.sol - sol) }, exact: { $0.sol == sol })
      }
    case .earthDate(let date):
      closeFound()
      guard let day = Self.dayNumber(date) else {
        message = Message(text: "'\(date)' is not a date", isError: true)
        return
      }
      jumpToSol(text) { rows in
        Self.nearest(
          rows, by: { abs((Self.dayNumber($0.earthDate) ?? 0) - day) },
          exact: { $0.earthDate == date })
      }
    }
  }

  /// Opens the catalogue's photos whose title or caption has `words`, on the photo level: of
  /// the open rover, or of every mission from the rovers' level.
  private mutating func find(_ words: String) {
    let from = found?.from ?? level
    found = Found(text: words, rover: from == .rovers ? nil : rover, photos: nil, from: from)
    level = .photos
    cursors[.photos] = Cursor()
    movie = nil
    message = nil
  }

  /// Leaves a search's photos for the level it was typed on.
  mutating func closeFound() {
    guard let found else { return }
    self.found = nil
    level = found.from
  }

  /// Selects a sol of the open rover (at the rover level, of the selected one), keeping the
  /// level: the photo level shows the new sol's photos.
  private mutating func jumpToSol(_ text: String, find: ([SolRow]) -> (Int, exact: Bool)?) {
    if level == .rovers { open() }
    guard let rover else { return }
    guard let rows = openSols else {
      pendingJump = PendingJump(rover: rover, text: text)
      message = Message(
        text: "\(roverName(rover))'s sols are still loading; \(text) once they come",
        isError: false)
      return
    }
    guard let (index, exact) = find(rows) else {
      message = Message(text: "\(roverName(rover)) has no sols with photos", isError: false)
      return
    }
    let wasPhotos = level == .photos
    level = .sols
    move(to: index, jump: true)
    if wasPhotos { open() }
    if !exact {
      message = Message(
        text:
          "no photos on \(text); the nearest is sol \(rows[index].sol) (\(rows[index].earthDate))",
        isError: false)
    }
  }

  /// Selects the first photo of a camera on the photo level, or the next sol with it on the
  /// sol level; `false` when none is found.
  private mutating func jumpToCamera(_ word: String) -> Bool {
    func matches(_ camera: String) -> Bool { camera.lowercased().hasPrefix(word) }
    switch level {
    case .photos:
      guard let index = openPhotos?.firstIndex(where: { matches($0.camera.name) }) else {
        return false
      }
      move(to: index, jump: true)
      return true
    case .sols:
      guard let rows = openSols, !rows.isEmpty else { return false }
      let start = cursor(.sols).selected
      for step in 1...rows.count {
        let index = (start + step) % rows.count
        if rows[index].cameras.contains(where: matches) {
          move(to: index, jump: true)
          return true
        }
      }
      return false
    case .rovers:
      return false
    }
  }

  /// Days since 1970-01-01 of a `YYYY-MM-DD` date, for the distance between two dates.
  static func dayNumber(_ text: String) -> Int? {
    guard let date = EarthDate(text) else { return nil }
    // The proleptic Gregorian calendar's day count, with March as the year's first month so
    // that the leap day comes last.
    let year = date.month <= 2 ? date.year - 1 : date.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (date.month + (date.month > 2 ? -3 : 9)) + 2) / 5 + date.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The index of the row the search names: the exact one, else the nearest.
  private static func nearest(
    _ rows: [SolRow], by distance: (SolRow) -> Int, exact: (SolRow) -> Bool
  ) -> (Int, exact: Bool)? {
    if let index = rows.firstIndex(where: exact) { return (index, true) }
    guard let index = rows.indices.min(by: { distance(rows[$0]) < distance(rows[$1]) }) else {
      return nil
    }
    return (index, false)
  }
}
