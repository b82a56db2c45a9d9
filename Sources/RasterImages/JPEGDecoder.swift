/// A JPEG decoder of its own: baseline and progressive Huffman, 8-bit, grey or colour, any
/// sampling factors, restart intervals, and the JFIF and Adobe colour transforms as libjpeg
/// applies them. Arithmetic coding, 12-bit samples and CMYK are refused with a sentence.
struct JPEGDecoder {
  private let data: [UInt8]
  private var position = 2
  private var quantTables = [[Int32]?](repeating: nil, count: 4)
  private var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
  private var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
  private var frame: JPEGFrame?
  private var restartInterval = 0
  private var adobeTransform: Int?
  private var sawJFIF = false
  /// The least width the caller needs; an eighth of the image is enough when it is as wide.
  private var minimumWidth: Int?
  /// Whether only each block's DC coefficient is needed (an eighth of the size).
  private var dcOnly = false
  /// Whether a grey picture may be made at a quarter of its size that keeps a Bayer
  /// pattern's four phases (``ImageDecoder/decodeKeepingBayerPhases(_:minimumWidth:)``).
  private var bayerPhases = false
  /// Whether it is: each block two by two pixels, its four phases' means.
  private var phaseCells = false

  private init(_ data: [UInt8]) { self.data = data }

  /// Decodes a whole JPEG file, at an eighth of its size when that is at least
  /// `minimumWidth` wide.
  static func decode(_ bytes: [UInt8], minimumWidth: Int? = nil) throws -> RasterImage {
    var decoder = JPEGDecoder(bytes)
    decoder.minimumWidth = minimumWidth
    return try decoder.run()
  }

  /// Decodes a whole JPEG file; a grey one (one component, or three that add no colour) at a
  /// quarter of its size that keeps the four phases of a Bayer pattern (each 8 x 8 block two
  /// by two pixels: the means of its four phases), when an eighth of it is at least
  /// `minimumWidth` wide.
  static func decode(_ bytes: [UInt8], keepingBayerPhases minimumWidth: Int) throws
    -> RasterImage
  {
    var decoder = JPEGDecoder(bytes)
    decoder.minimumWidth = minimumWidth
    decoder.bayerPhases = true
    return try decoder.run()
  }

  private mutating func run() throws -> RasterImage {
    guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else {
      throw ImageError("it is not a JPEG file")
    }
    var scans = 0
    while let marker = try nextMarker() {
      switch marker {
      case 0xD9:
        return try finish(scans: scans)
      case 0xC0, 0xC1, 0xC2:
        guard frame == nil else { throw ImageError("the JPEG has two frame headers") }
        var parsed = try JPEGFrame(try segment(), marker: marker)
        let eighthWideEnough = minimumWidth.map { parsed.width / 8 >= max(1, $0) } ?? false
        // A Bayer frame's pattern is in every coefficient of a block: all are kept, and no
        // sample made.
        // Three components may hold a grey picture (NASA's `_800` copies of mosaics do): their
        // coefficients are kept, and ``finish(scans:)`` sees whether they are grey.
        phaseCells =
          bayerPhases && eighthWideEnough && [1, 3].contains(parsed.components.count)
        dcOnly = eighthWideEnough && !bayerPhases
        parsed.prepare(direct: !parsed.progressive && !dcOnly && !phaseCells, dcOnly: dcOnly)
        frame = parsed
      case 0xC3, 0xC5, 0xC6, 0xC7:
        throw ImageError("it is a lossless or hierarchical JPEG, which this tool does not decode")
      case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
        throw ImageError("it is an arithmetic-coded JPEG, which this tool does not decode")
      case 0xC4:
        try readHuffmanTables(try segment())
      case 0xDB:
        try readQuantTables(try segment())
      case 0xDD:
        let body = try segment()
        guard body.count >= 2 else { throw ImageError("the JPEG restart interval is cut short") }
        restartInterval = Int(body[body.startIndex]) << 8 | Int(body[body.startIndex + 1])
      case 0xDA:
        try readScan(try segment())
        scans += 1
        // A damaged file could hold endless empty scans; no real one has more than a few dozen.
        guard scans < 1000 else { throw ImageError("the JPEG has more scans than any image") }
      case 0xEE:
        let body = Array(try segment())
        if body.count >= 12, body.starts(with: Array("Adobe".utf8)) {
          adobeTransform = Int(body[11])
        }
      case 0xE0:
        let body = try segment()
        if body.starts(with: Array("JFIF".utf8)) { sawJFIF = true }
      case 0xD0...0xD7, 0x01:
        continue
      default:
        _ = try segment()
      }
    }
    // Some cameras end without EOI: what was decoded is the image.
    return try finish(scans: scans)
  }

  /// The next marker's code, skipping fill bytes and anything between segments; `nil` at the
  /// end of the data.
  private mutating func nextMarker() throws -> UInt8? {
    while position + 1 < data.count {
      if data[position] == 0xFF, data[position + 1] != 0, data[position + 1] != 0xFF {
        let marker = data[position + 1]
        position += 2
        return marker
      }
      position += 1
    }
    return nil
  }

  /// The body of the segment at `position` (after its length), which it then skips.
  private mutating func segment() throws -> ArraySlice<UInt8> {
    guard position + 2 <= data.count else { throw ImageError("the JPEG ends inside a segment") }
    let length = Int(data[position]) << 8 | Int(data[position + 1])
    guard length >= 2, position + length <= data.count else {
      throw ImageError("a JPEG segment runs past the end of the file")
    }
    let body = data[(position + 2)..<(position + length)]
    position += length
    return body
  }

  private mutating func readQuantTables(_ body: ArraySlice<UInt8>) throws {
    var index = body.startIndex
    while index < body.endIndex {
      let precision = Int(body[index] >> 4)
      let id = Int(body[index] & 15)
      index += 1
      let size = precision == 0 ? 64 : 128
      guard id < 4, precision <= 1, index + size <= body.endIndex else {
        throw ImageError("a JPEG quantization table is damaged")
      }
      var table = [Int32](repeating: 0, count: 64)
      for k in 0..<64 {
        let value =
          precision == 0
          ? Int32(body[index + k])
          : Int32(body[index + 2 * k]) << 8 | Int32(body[index + 2 * k + 1])
        table[jpegZigzag[k]] = value
      }
      quantTables[id] = table
      index += size
    }
  }

  private mutating func readHuffmanTables(_ body: ArraySlice<UInt8>) throws {
    var index = body.startIndex
    while index < body.endIndex {
      guard index + 17 <= body.endIndex else {
        throw ImageError("a JPEG Huffman table is cut short")
      }
      let kind = Int(body[index] >> 4)
      let id = Int(body[index] & 15)
      let counts = (1...16).map { Int(body[index + $0]) }
      let total = counts.reduce(0, +)
      index += 17
      guard kind <= 1, id < 4, total <= 256, index + total <= body.endIndex else {
        throw ImageError("a JPEG Huffman table is damaged")
      }
      let table = try JPEGHuffmanTable(counts: counts, values: Array(body[index..<(index + total)]))
      if kind == 0 { dcTables[id] = table } else { acTables[id] = table }
      index += total
    }
  }

  /// Reads a scan header, then its entropy-coded data.
  private mutating func readScan(_ body: ArraySlice<UInt8>) throws {
    guard var frame else { throw ImageError("the JPEG has a scan before its frame header") }
    let bytes = Array(body)
    guard let count = bytes.first.map(Int.init), (1...4).contains(count),
      bytes.count >= 1 + count * 2 + 3
    else { throw ImageError("a JPEG scan header is damaged") }
    var members: [Int] = []
    for index in 0..<count {
      let id = Int(bytes[1 + index * 2])
      let tables = bytes[2 + index * 2]
      guard let component = frame.components.firstIndex(where: { $0.id == id }) else {
        throw ImageError("a JPEG scan names a component the frame lacks")
      }
      frame.components[component].dcTable = Int(tables >> 4) & 3
      frame.components[component].acTable = Int(tables & 15) & 3
      members.append(component)
    }
    let spectralStart = Int(bytes[1 + count * 2])
    let spectralEnd = Int(bytes[2 + count * 2])
    let successive = bytes[3 + count * 2]
    let high = Int(successive >> 4)
    let low = Int(successive & 15)
    guard spectralStart <= spectralEnd, spectralEnd < 64, low < 14 else {
      throw ImageError("a JPEG scan header is damaged")
    }
    // At an eighth of the size no AC coefficient counts: a progressive file's AC scans are
    // passed over unread.
    if dcOnly, frame.progressive, spectralStart > 0 {
      while position + 1 < data.count,
        !(data[position] == 0xFF && data[position + 1] != 0
          && !(0xD0...0xD7).contains(data[position + 1]))
      {
        position += 1
      }
      return
    }
    var scan = JPEGScan(
      members: members, spectralStart: frame.progressive ? spectralStart : 0,
      spectralEnd: frame.progressive ? spectralEnd : 63, high: frame.progressive ? high : 0,
      low: frame.progressive ? low : 0, progressive: frame.progressive)
    scan.dcOnly = dcOnly
    for member in members {
      let component = frame.components[member]
      let needsDC = !frame.progressive || scan.spectralStart == 0
      let needsAC = !frame.progressive || scan.spectralStart > 0
      if needsDC, scan.high == 0 || !frame.progressive, dcTables[component.dcTable] == nil {
        throw ImageError("a JPEG scan uses a Huffman table the file does not define")
      }
      if needsAC, acTables[component.acTable] == nil {
        throw ImageError("a JPEG scan uses a Huffman table the file does not define")
      }
      if !component.samples.isEmpty {
        // Made into samples as it is decoded: the table must be there now.
        guard let table = quantTables[component.quantTable] else {
          throw ImageError("the JPEG lacks a quantization table it uses")
        }
        scan.quantTables[member] = table
      }
    }
    // The frame is taken out while the scan writes into it: left in place too, its blocks
    // would be copied whole at the first write.
    self.frame = nil
    position = try data.withUnsafeBufferPointer { buffer in
      try scan.decode(
        &frame, buffer, from: position, dcTables: dcTables, acTables: acTables,
        restartInterval: restartInterval)
    }
    self.frame = frame
  }

  /// Whether the first component alone is the picture: it is the only one, or the others add
  /// no colour (YCbCr's chroma all zero, or RGB's three components the same).
  private static func isGrey(_ frame: JPEGFrame, rgb: Bool) -> Bool {
    guard let first = frame.components.first else { return false }
    return frame.components.dropFirst().allSatisfy { other in
      rgb
        ? other.coefficients == first.coefficients && other.quantTable == first.quantTable
        : !other.coefficients.contains { $0 != 0 }
    }
  }

  /// The picture from the decoded coefficients.
  private func finish(scans: Int) throws -> RasterImage {
    guard let frame, scans > 0 else { throw ImageError("the JPEG holds no image data") }
    for component in frame.components where quantTables[component.quantTable] == nil {
      throw ImageError("the JPEG lacks a quantization table it uses")
    }
    // libjpeg's rule: an Adobe marker says whether three components are YCbCr; without one,
    // JFIF means YCbCr, as do component ids other than 'R', 'G', 'B'.
    let ids = frame.components.map(\.id)
    let isRGB =
      frame.components.count == 3
      && (adobeTransform.map { $0 == 0 }
        ?? (!sawJFIF && ids == [0x52, 0x47, 0x42]))
    if phaseCells, let component = frame.components.first,
      let quant = quantTables[component.quantTable], Self.isGrey(frame, rgb: isRGB)
    {
      return JPEGPhaseCells.image(component, quant: quant)
    }
    return JPEGPixels.image(
      frame, quantTables: quantTables.map { $0 ?? [] }, transform: isRGB ? .none : .ycbcr,
      scale: dcOnly ? 8 : 1)
  }
}
