import RoverAPI
import TerminalScreen

extension BrowserState {
  /// Applies what the terminal said: a key, a new size, or the screen given back after
  /// Ctrl-Z; returns what the key asks of the world.
  public mutating func apply(_ event: TerminalEvent) -> [BrowserEffect] {
    switch event {
    case .resized(let columns, let rows):
      self.columns = max(1, columns)
      self.rows = max(1, rows)
      for level in Level.allCases { scrollIntoView(level) }
      return []
    case .resumed:
      return [.redraw]
    case .key(let key):
      if search != nil { return type(key) }
      if showsHelp {
        showsHelp = false
        return key == .character("q") ? [.quit] : []
      }
      return press(key)
    }
  }

  /// A key while browsing.
  private mutating func press(_ key: Key) -> [BrowserEffect] {
    if key == .character("q") || key == .control("c") { return [.quit] }
    // A message stays until the next key.
    message = nil
    let page = max(1, listHeight - 1)
    switch key {
    case .up, .character("k"), .control("p"): move(by: -1)
    case .down, .character("j"), .control("n"): move(by: 1)
    case .pageUp, .control("b"): move(by: -page)
    case .pageDown, .control("f"), .character(" "): move(by: page)
    case .home, .character("g"): move(to: 0)
    case .end, .character("G"): move(to: count(at: level) - 1)
    case .enter, .right, .character("l"): open()
    case .left, .backspace, .character("h"): back()
    case .escape:
      if level == .rovers { return [.quit] }
      back()
    case .character("/"): search = ""
    case .character("?"): showsHelp = true
    case .control("l"): return [.redraw]
    case .character("r"): retry()
    case .character("d"): return download()
    case .character("a"): toggleAnaglyph()
    case .character("m"): toggleMovie()
    case .character("o"):
      guard level == .photos, let photo = selectedPhoto else {
        message = Message(text: "o opens a photo: open a sol first", isError: false)
        return []
      }
      return [.open(photo)]
    default: break
    }
    return []
  }

  /// A key while the search is typed on the bottom line.
  private mutating func type(_ key: Key) -> [BrowserEffect] {
    switch key {
    case .escape: search = nil
    case .enter:
      let text = search ?? ""
      search = nil
      jump(to: text)
    case .backspace: if search?.isEmpty == false { search?.removeLast() }
    case .control("u"): search = ""
    case .control("c"): return [.quit]
    case .character(let character): search?.append(character)
    default: break
    }
    return []
  }

  /// Moves the selection by rows.
  mutating func move(by delta: Int) {
    move(to: cursor(level).selected + delta)
  }

  /// Moves the selection to a row, kept inside the list and on screen; a jump (a search, a
  /// level left) puts the row in the middle of the screen when it was off it.
  mutating func move(to row: Int, jump: Bool = false) {
    var cursor = cursor(level)
    cursor.selected = row
    if jump, row < cursor.top || row >= cursor.top + listHeight {
      cursor.top = row - listHeight / 2
    }
    cursors[level] = cursor
    scrollIntoView(level)
  }

  /// Enter: the rover's sols, or the sol's photos.
  mutating func open() {
    switch level {
    case .rovers:
      guard let row = selectedRover else { return }
      let key = row.name.lowercased()
      if key != rover { cursors[.sols] = Cursor() }
      rover = key
      level = .sols
    case .sols:
      guard let rover, let row = selectedSol else { return }
      if row.sol != sol || openSol?.rover != rover { cursors[.photos] = Cursor() }
      sol = row.sol
      level = .photos
    case .photos:
      message = Message(text: "o opens the photo, d saves it", isError: false)
    }
  }

  /// Back up a level, with the rover or sol left behind still selected.
  mutating func back() {
    switch level {
    case .rovers: break
    case .sols:
      level = .rovers
      if let index = rovers?.value?.firstIndex(where: { $0.name.lowercased() == rover }) {
        move(to: index, jump: true)
      }
    case .photos where found != nil:
      closeFound()
    case .photos:
      level = .sols
      if let index = openSols?.firstIndex(where: { $0.sol == sol }) { move(to: index, jump: true) }
    }
  }

  /// `r`: asks again for what failed on this screen.
  private mutating func retry() {
    switch level {
    case .rovers:
      if case .failure = rovers { rovers = nil }
    case .sols:
      if let rover, case .failure = sols[rover] { sols[rover] = nil }
      if let rover, let row = selectedSol,
        case .failure = photos[SolKey(rover: rover, sol: row.sol)]
      {
        photos[SolKey(rover: rover, sol: row.sol)] = nil
      }
    case .photos:
      if case .failure? = found?.photos { found?.photos = nil }
      if let key = openSol, case .failure = photos[key] { photos[key] = nil }
      if let address = selectedPhoto?.imgSrc, case .failure = previews[address] {
        previews[address] = nil
      }
    }
  }

  /// `d`: the selected sol, or the selected photo.
  private mutating func download() -> [BrowserEffect] {
    let order: DownloadOrder
    switch level {
    case .rovers:
      message = Message(text: "d saves a sol or a photo: open a rover first", isError: false)
      return []
    case .sols:
      guard let rover, let row = selectedSol else { return [] }
      order = DownloadOrder(rover: rover, sol: row.sol)
    case .photos:
      guard let photo = selectedPhoto else { return [] }
      // A search's photo is of its own rover and sol.
      let (rover, sol) =
        found == nil ? (self.rover, self.sol) : (photo.rover.name.lowercased(), photo.sol)
      guard let rover, let sol else { return [] }
      order = DownloadOrder(rover: rover, sol: sol, photo: photo)
    }
    guard downloads[order] == nil else {
      message = Message(text: "\(order.label) is being saved already", isError: false)
      return []
    }
    downloads[order] = DownloadCount(done: 0, total: order.photo == nil ? 0 : 1)
    return [.download(order)]
  }

  /// Notes a download's progress.
  public mutating func progress(_ order: DownloadOrder, _ progress: DownloadCount) {
    guard downloads[order] != nil else { return }
    downloads[order] = progress
  }

  /// Notes a download's end, and says how it went.
  public mutating func finished(_ order: DownloadOrder, _ result: Result<DownloadReport, Failure>) {
    downloads[order] = nil
    switch result {
    case .success(let report):
      if order.photo == nil, report.failed == 0 {
        saved[order.rover, default: []].insert(order.sol)
      }
      let name = "\(roverName(order.rover)) \(order.label)"
      var text =
        report.saved + report.present == 0 && report.failed == 0
        ? "\(name): nothing to save"
        : "\(name): saved \(report.saved) in \(options.folder)"
          + (report.present > 0 ? ", \(report.present) there already" : "")
      if report.failed > 0 {
        text += ", \(report.failed) failed" + (report.firstFailure.map { ": \($0)" } ?? "")
      }
      message = Message(text: text, isError: report.failed > 0)
    case .failure(let failure):
      message = Message(text: failure.reason, isError: true)
    }
  }

  /// A failure in the commands' words.
  public struct Failure: Error, Sendable, Hashable {
    /// The reason.
    public var reason: String

    /// A failure.
    public init(_ reason: String) { self.reason = reason }
  }

  /// `a`: the preview of a photo of a stereo pair becomes the pair's red/cyan anaglyph, and
  /// back; it stays so for the pairs after it until pressed again.
  mutating func toggleAnaglyph() {
    guard level == .photos, let photo = selectedPhoto else {
      message = Message(
        text: "a shows a stereo pair in 3D: open a sol's photos first", isError: false)
      return
    }
    guard pair(of: photo) != nil || anaglyph else {
      message = Message(
        text: "a shows a stereo pair in 3D: this photo's partner is not on its sol", isError: false)
      return
    }
    anaglyph.toggle()
    message = Message(
      text: anaglyph
        ? "3D: the pair as a red/cyan anaglyph (a again for the photo itself)"
        : "the photo itself (a for 3D)", isError: false)
  }
}
