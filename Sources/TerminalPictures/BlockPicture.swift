import RasterImages

/// A picture in half-blocks: each cell `▀`, its upper pixel in the foreground colour and its
/// lower in the background, 24-bit or from xterm's 256 colours.
public enum BlockPicture {
  /// How many rows of cells a picture `columns` wide takes, keeping its shape in cells
  /// `cellAspect` times taller than wide.
  public static func rows(for image: RasterImage, columns: Int, cellAspect: Double) -> Int {
    let rows = Double(image.height) * Double(columns) / Double(image.width) / cellAspect
    return max(1, Int(rows.rounded()))
  }

  /// The picture's lines of text, each `columns` cells, colours reset at each end.
  public static func lines(_ image: RasterImage, columns: Int, _ terminal: PictureTerminal)
    -> [String]
  {
    let rows = rows(for: image, columns: columns, cellAspect: terminal.cellAspect)
    let scaled = image.scaled(width: columns, height: rows * 2)
    var lines: [String] = []
    lines.reserveCapacity(rows)
    // Each line written as bytes straight into its string's storage: a string's appends, each
    // a check of its storage and its encoding, were a third of the time to draw a picture, and
    // appending the escapes as arrays still cost some 800 instructions a cell.
    let capacity = columns * CellWriter.mostBytesPerCell + CellWriter.reset.utf8CodeUnitCount
    scaled.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<rows {
        lines.append(
          String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = CellWriter(buffer.baseAddress!)
            var last = -1
            for column in 0..<columns {
              let top = (row * 2 * columns + column) * 3
              let bottom = ((row * 2 + 1) * columns + column) * 3
              let upper = (pixels[top], pixels[top + 1], pixels[top + 2])
              let lower = (pixels[bottom], pixels[bottom + 1], pixels[bottom + 2])
              if terminal.trueColor {
                writer.put(CellWriter.trueColour)
                writer.putDecimals(upper)
                writer.put(CellWriter.trueBackground)
                writer.putDecimals(lower)
                writer.put(UInt8(ascii: "m"))
              } else {
                let colours = (xterm256(upper), xterm256(lower))
                let key = colours.0 << 8 | colours.1
                if key != last {
                  writer.put(CellWriter.paletteForeground)
                  writer.putDecimal(colours.0)
                  writer.put(CellWriter.paletteBackground)
                  writer.putDecimal(colours.1)
                  writer.put(UInt8(ascii: "m"))
                }
                last = key
              }
              writer.put(CellWriter.upperHalf)
            }
            writer.put(CellWriter.reset)
            return writer.count
          })
      }
    }
    return lines
  }

  /// Writes a line's bytes into storage made large enough for it beforehand.
  private struct CellWriter {
    static let trueColour: StaticString = "\u{1B}[38;2;"
    static let trueBackground: StaticString = ";48;2;"
    static let paletteForeground: StaticString = "\u{1B}[38;5;"
    static let paletteBackground: StaticString = ";48;5;"
    static let upperHalf: StaticString = "▀"
    static let reset: StaticString = "\u{1B}[0m"
    /// The longest a cell can be: both 24-bit colours at three digits each, `m` and `▀`.
    static let mostBytesPerCell =
      trueColour.utf8CodeUnitCount + trueBackground.utf8CodeUnitCount + 2 * 11 + 1
      + upperHalf.utf8CodeUnitCount

    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
      base[count] = byte
      count += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
      (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
      count += text.utf8CodeUnitCount
    }

    /// A colour's three numbers, with `;` between.
    @inline(__always)
    mutating func putDecimals(_ rgb: (UInt8, UInt8, UInt8)) {
      putDecimal(Int(rgb.0))
      put(UInt8(ascii: ";"))
      putDecimal(Int(rgb.1))
      put(UInt8(ascii: ";"))
      putDecimal(Int(rgb.2))
    }

    /// A number from 0 to 999 in decimal digits.
    @inline(__always)
    mutating func putDecimal(_ value: Int) {
      if value >= 100 { put(UInt8(ascii: "0") + UInt8(value / 100)) }
      if value >= 10 { put(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
      put(UInt8(ascii: "0") + UInt8(value % 10))
    }
  }

  /// The colours of each cell of the picture `columns` × `rows` cells large (its shape is the
  /// caller's to keep): rows of cells, each its upper and lower pixel.
  public static func cells(_ image: RasterImage, columns: Int, rows: Int) -> [[HalfBlock]] {
    let columns = max(1, columns)
    let rows = max(1, rows)
    let pixels = image.scaled(width: columns, height: rows * 2).pixels
    func color(_ row: Int, _ column: Int) -> RGB {
      let at = (row * columns + column) * 3
      return RGB(pixels[at], pixels[at + 1], pixels[at + 2])
    }
    return (0..<rows).map { row in
      (0..<columns).map { column in
        HalfBlock(upper: color(row * 2, column), lower: color(row * 2 + 1, column))
      }
    }
  }

  /// The nearest of xterm's 256 colours: for terminals without 24-bit colour.
  public static func xterm256(_ color: RGB) -> Int {
    xterm256((color.red, color.green, color.blue))
  }

  /// The nearest of xterm's 6 × 6 × 6 colour cube and 24 greys.
  static func xterm256(_ rgb: (UInt8, UInt8, UInt8)) -> Int {
    // Wrapping arithmetic throughout: every value here is a channel's 0…255 or a level's 0…5,
    // and checking each step was most of the cost of a colour.
    // The cube's six levels: 0, 95, 135, 175, 215, 255 (no array made for each colour).
    func levels(_ index: Int) -> Int { index == 0 ? 0 : 55 &+ 40 &* index }
    func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value &- 35) / 40 }
    let (red, green, blue) = (Int(rgb.0), Int(rgb.1), Int(rgb.2))
    let (r, g, b) = (level(red), level(green), level(blue))
    let mean = (red &+ green &+ blue) / 3
    let greyIndex = mean > 238 ? 23 : max(0, (mean &- 3) / 10)
    let grey = 8 &+ greyIndex &* 10
    func distance(_ a: Int, _ b: Int, _ c: Int) -> Int {
      let (dr, dg, db) = (a &- red, b &- green, c &- blue)
      return dr &* dr &+ dg &* dg &+ db &* db
    }
    return distance(grey, grey, grey) < distance(levels(r), levels(g), levels(b))
      ? 232 &+ greyIndex : 16 &+ 36 &* r &+ 6 &* g &+ b
  }
}

/// A colour of 8 bits per channel.
public struct RGB: Sendable, Hashable {
  /// Red.
  public var red: UInt8
  /// Green.
  public var green: UInt8
  /// Blue.
  public var blue: UInt8

  /// A colour.
  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }
}

/// One cell of a half-block picture: `▀` in the upper pixel's colour on the lower's.
public struct HalfBlock: Sendable, Hashable {
  /// The upper pixel.
  public var upper: RGB
  /// The lower pixel.
  public var lower: RGB
}
