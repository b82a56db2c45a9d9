/// One component of a JPEG frame (Y, Cb, Cr or grey), with its coefficients.
struct JPEGComponent {
  var id: Int
  /// Horizontal and vertical sampling factors, 1…4.
  var h: Int
  var v: Int
  /// Its quantization table.
  var quantTable: Int
  /// Blocks across and down, padded to whole MCUs.
  var blocksPerLine: Int
  var blocksPerColumn: Int
  /// Blocks holding the component's own samples (a scan of it alone covers only these).
  var usedBlocksPerLine: Int
  var usedBlocksPerColumn: Int
  /// 64 coefficients per block, in natural order, not yet dequantized: 16 bits each, as
  /// libjpeg keeps them (an 8-bit JPEG's coefficients fit). Empty when ``samples`` is made
  /// instead.
  var coefficients: [Int16] = []
  /// How many coefficients a block keeps: 64, or 1 (its DC) when the picture is made at an
  /// eighth of its size from the DC alone.
  var coefficientsPerBlock = 64
  /// The component's samples, each block transformed as soon as a baseline scan has decoded
  /// it (``JPEGFrame/prepare(direct:)``): no coefficient is kept, the file's data is read once
  /// and the pixels made while its bits are fresh. Empty when ``coefficients`` are kept.
  var samples: [UInt8] = []
  /// The DC prediction of the scan in progress.
  var prediction: Int32 = 0
  var dcTable = 0
  var acTable = 0
}

/// The frame header (SOF) of a JPEG file: its size, kind and components.
struct JPEGFrame {
  var width: Int
  var height: Int
  var progressive: Bool
  var components: [JPEGComponent]
  var hMax: Int
  var vMax: Int
  var mcusPerLine: Int
  var mcusPerColumn: Int

  /// Reads a SOF segment's body; refuses what this decoder does not decode before allocating.
  init(_ body: ArraySlice<UInt8>, marker: UInt8) throws {
    let bytes = Array(body)
    guard bytes.count >= 6 else { throw ImageError("the JPEG frame header is cut short") }
    guard bytes[0] == 8 else {
      throw ImageError("it is a \(bytes[0])-bit JPEG; only 8-bit JPEGs are decoded")
    }
    height = Int(bytes[1]) << 8 | Int(bytes[2])
    width = Int(bytes[3]) << 8 | Int(bytes[4])
    // A height of 0 means the DNL marker gives it later, which no camera here writes.
    try RasterImage.checkSize(width: width, height: height)
    progressive = marker == 0xC2
    let count = Int(bytes[5])
    guard count == 1 || count == 3 else {
      throw ImageError(
        "the JPEG has \(count) components; only grey and colour (1 or 3) are decoded")
    }
    guard bytes.count >= 6 + count * 3 else {
      throw ImageError("the JPEG frame header is cut short")
    }
    var components: [JPEGComponent] = []
    for index in 0..<count {
      let base = 6 + index * 3
      let h = Int(bytes[base + 1] >> 4)
      let v = Int(bytes[base + 1] & 15)
      guard (1...4).contains(h), (1...4).contains(v), bytes[base + 2] < 4 else {
        throw ImageError("a JPEG component has sampling factors or a table that cannot be")
      }
      components.append(
        JPEGComponent(
          id: Int(bytes[base]), h: h, v: v, quantTable: Int(bytes[base + 2]), blocksPerLine: 0,
          blocksPerColumn: 0, usedBlocksPerLine: 0, usedBlocksPerColumn: 0))
    }
    hMax = components.map(\.h).max() ?? 1
    vMax = components.map(\.v).max() ?? 1
    mcusPerLine = (width + 8 * hMax - 1) / (8 * hMax)
    mcusPerColumn = (height + 8 * vMax - 1) / (8 * vMax)
    for index in components.indices {
      let c = components[index]
      components[index].blocksPerLine = mcusPerLine * c.h
      components[index].blocksPerColumn = mcusPerColumn * c.v
      let samplesAcross = (width * c.h + hMax - 1) / hMax
      let samplesDown = (height * c.v + vMax - 1) / vMax
      components[index].usedBlocksPerLine = (samplesAcross + 7) / 8
      components[index].usedBlocksPerColumn = (samplesDown + 7) / 8
    }
    self.components = components
  }

  /// Makes room for what the scans give: with `direct` (a baseline frame decoded at full
  /// size), each component's samples, mid-grey as a block no scan reaches is; else its
  /// coefficients, for a progressive frame's later scans, or with `dcOnly` one a block for the
  /// eighth-size means (a large photo's 64 would be megabytes of zeros to no use).
  mutating func prepare(direct: Bool, dcOnly: Bool = false) {
    for index in components.indices {
      let blocks = components[index].blocksPerLine * components[index].blocksPerColumn
      if direct {
        components[index].samples = [UInt8](repeating: 128, count: blocks * 64)
      } else {
        components[index].coefficientsPerBlock = dcOnly ? 1 : 64
        components[index].coefficients = [Int16](
          repeating: 0, count: blocks * components[index].coefficientsPerBlock)
      }
    }
  }
}

/// The order of the 64 coefficients in the file (zig-zag), as indexes of the natural order.
let jpegZigzag: [Int] = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27,
  20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58,
  59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
  // Past the end, for a run that overshoots in damaged data.
  63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
]
