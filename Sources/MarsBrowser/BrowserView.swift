import RasterImages
import RoverAPI
import TerminalPictures
import TerminalScreen

/// Draws a ``BrowserState`` into an off-screen buffer: the title line, the column heads, the
/// list with its selection, the preview beside the photos, the status line, and the keys when
/// asked. Pure: the same state always draws the same screen.
public enum BrowserView {
  /// The narrowest list beside a preview; below it the preview goes first.
  static let listMinimum = 46
  /// The narrowest preview worth drawing.
  static let previewMinimum = 16

  /// The screen for `state`.
  public static func render(_ state: BrowserState) -> ScreenBuffer {
    var screen = ScreenBuffer(width: state.columns, height: state.rows)
    let styles = Styles(colors: state.options.colors)
    drawTitle(state, &screen, styles)
    switch state.level {
    case .rovers: drawRovers(state, &screen, styles)
    case .sols: drawSols(state, &screen, styles)
    case .photos: drawPhotos(state, &screen, styles)
    }
    drawStatus(state, &screen, styles)
    if state.showsHelp { drawHelp(&screen, styles) }
    return screen
  }

  /// The preview's width at the photo level for a screen `columns` wide; 0 for none.
  public static func previewWidth(_ columns: Int) -> Int {
    let list = max(listMinimum, columns * 3 / 5)
    let width = columns - list - 1
    return width >= previewMinimum ? width : 0
  }

  /// The looks, with colour or without.
  struct Styles {
    var title: CellStyle
    var heads = CellStyle(bold: true)
    var selected = CellStyle(reverse: true)
    var plain = CellStyle.plain
    var faint = CellStyle(dim: true)
    var error: CellStyle
    var mark: CellStyle

    init(colors: Bool) {
      title =
        colors
        ? CellStyle(foreground: .indexed(231), background: .indexed(124), bold: true)
        : CellStyle(bold: true, reverse: true)
      error = colors ? CellStyle(foreground: .indexed(196), bold: true) : CellStyle(bold: true)
      mark = colors ? CellStyle(foreground: .indexed(70), bold: true) : CellStyle(bold: true)
    }
  }

  // MARK: - Title and status

  private static func drawTitle(
    _ state: BrowserState, _ screen: inout ScreenBuffer, _ styles: Styles
  ) {
    screen.fill(row: 0, columns: 0..<screen.width, with: Cell(" ", styles.title))
    var path = ["rovers"]
    if state.level == .photos, let found = state.found {
      if let rover = found.rover { path.append(state.roverName(rover)) }
      path.append("'\(found.text)'")
    } else if state.level != .rovers, let rover = state.rover {
      path.append(state.roverName(rover))
    }
    if state.level == .photos, state.found == nil, let sol = state.sol {
      let date = state.openSols?.first { $0.sol == sol }?.earthDate
      path.append("sol \(sol)" + (date.map { " (\($0))" } ?? ""))
    }
    let count = state.count(at: state.level)
    let position = count > 0 ? "\(state.cursor(state.level).selected + 1)/\(count)  " : ""
    let right = position + "? keys"
    let rightStart = max(0, screen.width - right.count - 1)
    screen.write(
      " " + path.joined(separator: " › "), row: 0, column: 0, style: styles.title, limit: rightStart
    )
    if rightStart > 0 { screen.write(right, row: 0, column: rightStart, style: styles.title) }
  }

  private static func drawStatus(
    _ state: BrowserState, _ screen: inout ScreenBuffer, _ styles: Styles
  ) {
    let row = screen.height - 1
    guard row > 1 else { return }
    var right = state.downloads.sorted { $0.key.label < $1.key.label }.map { order, progress in
      "saving \(order.label) " + (progress.total > 0 ? "\(progress.done)/\(progress.total)" : "…")
    }.joined(separator: "  ")
    if !right.isEmpty { right += " " }
    let rightStart = max(0, screen.width - right.count)
    if let search = state.search {
      screen.write("/" + search, row: row, column: 0, limit: rightStart)
      // The cursor is hidden: a block stands for it.
      screen.write(
        " ", row: row, column: min(search.count + 1, rightStart - 1), style: styles.selected)
    } else if let message = state.message {
      screen.write(
        message.text, row: row, column: 0, style: message.isError ? styles.error : styles.plain,
        limit: rightStart)
    } else if let place = state.selectedPlace {
      // Where the selected sol was, then the keys as room allows.
      screen.write(place, row: row, column: 0, style: styles.plain, limit: rightStart)
      let after = place.count + 3
      if after < rightStart {
        screen.write(
          hints(state.level, catalogue: state.options.catalogue), row: row, column: after,
          style: styles.faint, limit: rightStart)
      }
    } else {
      screen.write(
        hints(state.level, catalogue: state.options.catalogue), row: row, column: 0,
        style: styles.faint, limit: rightStart)
    }
    screen.write(right, row: row, column: rightStart, style: styles.mark)
  }

  /// The keys that matter on a level, most useful first (the line is cut at the edge).
  /// With a catalogue, `/` finds words too.
  static func hints(_ level: BrowserState.Level, catalogue: Bool = false) -> String {
    switch level {
    case .rovers: "Enter open  / search  ? keys  q quit"
    case .sols:
      "Enter photos  ← back  / \(catalogue ? "sol, date, words" : "sol or date")  d save sol"
        + "  ? keys  q quit"
    case .photos:
      "← back  d save photo  o open  a 3D  / \(catalogue ? "camera, sol, words" : "camera or sol")"
        + "  ? keys  q quit"
    }
  }

  // MARK: - The three lists

  private static func drawRovers(
    _ state: BrowserState, _ screen: inout ScreenBuffer, _ styles: Styles
  ) {
    let layout = ColumnLayout(
      [
        .init(title: "ROVER", width: 12),
        .init(title: "STATUS", width: 8, dropOrder: 3),
        .init(title: "LAST SOL", width: 8, alignRight: true, dropOrder: 1),
        .init(title: "LAST DATE", width: 10, dropOrder: 4),
        .init(title: "PHOTOS", width: 9, alignRight: true, dropOrder: 2),
        .init(title: "", width: 10, dropOrder: 5, flexible: true),
      ], width: screen.width)
    drawList(
      state.rovers, what: "the rovers", empty: "the source lists no rovers", layout: layout,
      cursor: state.cursor(.rovers),
      height: state.listHeight, &screen, styles
    ) { row, _ in
      [
        row.name, row.status, String(row.maxSol), row.maxDate, Self.grouped(row.totalPhotos),
        row.note,
      ]
    }
  }

  private static func drawSols(
    _ state: BrowserState, _ screen: inout ScreenBuffer, _ styles: Styles
  ) {
    guard let rover = state.rover else { return }
    let saved = state.saved[rover] ?? []
    let layout = ColumnLayout(
      [
        .init(title: "", width: 1),
        .init(title: "SOL", width: 5, alignRight: true),
        .init(title: "EARTH DATE", width: 10, dropOrder: 1),
        .init(title: "PHOTOS", width: 6, alignRight: true),
        .init(title: "CAMERAS", width: 10, dropOrder: 2, flexible: true),
      ], width: screen.width)
    drawList(
      state.sols[rover], what: "\(state.roverName(rover))'s sols",
      empty: "\(state.roverName(rover)) has no sols with photos", layout: layout,
      cursor: state.cursor(.sols), height: state.listHeight, &screen, styles
    ) { row, _ in
      [
        saved.contains(row.sol) ? "●" : "", String(row.sol), row.earthDate, String(row.photos),
        row.cameras.joined(separator: " "),
      ]
    }
  }

  private static func drawPhotos(
    _ state: BrowserState, _ screen: inout ScreenBuffer, _ styles: Styles
  ) {
    let preview = state.options.previews ? previewWidth(screen.width) : 0
    let listWidth = preview > 0 ? screen.width - preview - 1 : screen.width
    if let found = state.found {
      // A search's photos, newest first, from many sols (and missions): each says its own.
      let layout = ColumnLayout(
        [
          .init(title: "CAMERA", width: 14),
          .init(title: "NASA ID", width: 16, flexible: true),
          .init(title: "SOL", width: 5, alignRight: true),
          .init(title: "DATE", width: 10, dropOrder: 1),
        ], width: listWidth)
      drawList(
        found.photos, what: "the photos of '\(found.text)'",
        empty: "no photo's title or caption has '\(found.text)'", layout: layout,
        cursor: state.cursor(.photos), height: state.listHeight, &screen, styles
      ) { photo, _ in
        [photo.camera.name, photo.nasaID, String(photo.sol), photo.earthDate]
      }
    } else {
      guard let key = state.openSol else { return }
      let layout = ColumnLayout(
        [
          .init(title: "CAMERA", width: 14),
          .init(title: "NASA ID", width: 16, flexible: true),
          .init(title: "DATE", width: 10, dropOrder: 1),
          // A photo of a stereo pair: `a` shows the pair in 3D.
          .init(title: "3D", width: 2, dropOrder: 2),
        ], width: listWidth)
      let photos = state.photos[key]
      let top = state.cursor(.photos).top
      drawList(
        photos, what: "the photos of sol \(key.sol)", empty: "no photos on sol \(key.sol)",
        layout: layout, cursor: state.cursor(.photos),
        height: state.listHeight, &screen, styles
      ) { photo, index in
        // Grouped by camera: the camera is named where its group starts, and on the first
        // row shown.
        let list = photos?.value ?? []
        let startsGroup =
          index == top || list.element(at: index - 1)?.camera.name != photo.camera.name
        let paired = state.stereoPairs[key]?[photo.nasaID] != nil
        return [
          startsGroup ? photo.camera.name : "", photo.nasaID, photo.earthDate, paired ? "3D" : "",
        ]
      }
    }
    if preview > 0 {
      for row in 1..<max(1, screen.height - 1) {
        screen.write("│", row: row, column: listWidth, style: styles.faint)
      }
      drawPreview(state, origin: listWidth + 1, width: preview, &screen, styles)
    }
  }

  /// A list under its column heads: the rows on screen, the selected one highlighted; or
  /// what it is waiting for, or why it failed.
  private static func drawList<Row>(
    _ list: Loaded<[Row]>?, what: String, empty: String, layout: ColumnLayout,
    cursor: BrowserState.Cursor,
    height: Int, _ screen: inout ScreenBuffer, _ styles: Styles,
    values: (Row, Int) -> [String]
  ) {
    let first = 2
    guard screen.height > first else { return }
    layout.writeTitles(row: 1, into: &screen, style: styles.heads)
    let width = (layout.placed.last.map { $0.start + $0.width } ?? screen.width) + 1
    switch list {
    case nil:
      screen.write(" loading \(what)…", row: first, column: 0, style: styles.faint, limit: width)
    case .failure(let reason)?:
      screen.write(" could not load \(what) (r tries again):", row: first, column: 0, limit: width)
      screen.write(" " + reason, row: first + 1, column: 0, style: styles.error, limit: width)
    case .value(let rows)?:
      if rows.isEmpty {
        screen.write(" " + empty, row: first, column: 0, style: styles.faint, limit: width)
      }
      for offset in 0..<height {
        let index = cursor.top + offset
        guard let row = rows.element(at: index), first + offset < screen.height - 1 else { break }
        let selected = index == cursor.selected
        let style = selected ? styles.selected : styles.plain
        if selected {
          screen.fill(
            row: first + offset, columns: 0..<min(width, screen.width), with: Cell(" ", style))
        }
        layout.write(values(row, index), row: first + offset, into: &screen, style: style)
      }
    }
  }

  /// Thousands grouped: `695,670`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }

  // MARK: - Preview and keys

  /// The selected photo's picture in half-blocks, with its caption below.
  private static func drawPreview(
    _ state: BrowserState, origin: Int, width: Int, _ screen: inout ScreenBuffer, _ styles: Styles
  ) {
    guard let photo = state.selectedPhoto else { return }
    let top = 1
    let captionRows = 3
    let available = screen.height - 1 - top - captionRows
    var next = top
    let load = state.previewLoad(of: photo)
    let threeD = if case .anaglyph = load { true } else { false }
    switch load.previewKey.flatMap({ state.previews[$0] }) {
    case .value(let image)? where available > 0:
      let aspect = state.options.cellAspect
      var columns = width
      var rows = BlockPicture.rows(for: image, columns: columns, cellAspect: aspect)
      if rows > available {
        rows = available
        columns = max(
          1,
          min(
            width,
            Int(
              (Double(rows) * aspect * Double(image.width) / Double(max(1, image.height))).rounded()
            )))
      }
      let cells = BlockPicture.cells(image, columns: columns, rows: rows)
      for (y, line) in cells.enumerated() {
        for (x, block) in line.enumerated() {
          screen[top + y, origin + x] = Cell(
            "▀",
            CellStyle(
              foreground: color(block.upper, state.options.trueColor),
              background: color(block.lower, state.options.trueColor)))
        }
      }
      next = top + rows
    case .failure(let reason)?:
      screen.write(
        " no preview: " + reason, row: next, column: origin, style: styles.error, limit: width)
      next += 1
    default:
      screen.write(
        " loading the preview…", row: next, column: origin, style: styles.faint, limit: width)
      next += 1
    }
    let caption = [
      threeD ? "3D: red/cyan anaglyph of the pair" : photo.camera.fullName ?? photo.camera.name,
      photo.nasaID, "sol \(photo.sol) · \(photo.earthDate)",
    ]
    for (offset, line) in caption.enumerated() where next + offset < screen.height - 1 {
      screen.write(
        " " + line, row: next + offset, column: origin,
        style: offset == 0 ? styles.heads : styles.plain, limit: width)
    }
  }

  private static func color(_ rgb: RGB, _ trueColor: Bool) -> TerminalColor {
    trueColor ? .rgb(rgb.red, rgb.green, rgb.blue) : .indexed(UInt8(BlockPicture.xterm256(rgb)))
  }

  /// The keys, in a box over the list.
  static let keys: [(String, String)] = [
    ("↑ ↓  k j", "move"), ("PgUp PgDn", "a page"), ("g G", "first, last"),
    ("Enter →", "open"), ("← Backspace", "back"), ("/", "rover, sol, date, camera or words"),
    ("d", "save the sol or the photo"), ("o", "open the photo"),
    ("a", "a stereo pair in 3D (red/cyan)"), ("m", "play the photo's movie"), ("r", "try again"),
    ("Ctrl-L", "draw again"), ("Esc", "back; quits at the top"), ("q", "quit"),
  ]

  private static func drawHelp(_ screen: inout ScreenBuffer, _ styles: Styles) {
    let width = min(screen.width - 2, 52)
    let height = min(screen.height - 2, keys.count + 3)
    guard width > 10, height > 3 else { return }
    let left = (screen.width - width) / 2
    let top = max(1, (screen.height - height) / 2)
    for row in top..<(top + height) {
      screen.fill(row: row, columns: left..<(left + width), with: Cell(" ", styles.selected))
    }
    screen.write(
      " Keys (any key closes)", row: top, column: left + 1, style: styles.selected, limit: width - 2
    )
    for (offset, (key, meaning)) in keys.enumerated() where offset + 2 < height {
      screen.write(
        ColumnLayout.fit(key, 12, right: false) + " " + meaning, row: top + 2 + offset,
        column: left + 2, style: styles.selected, limit: width - 3)
    }
  }
}
