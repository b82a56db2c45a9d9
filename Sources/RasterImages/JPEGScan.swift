/// One scan's entropy-coded data: the coefficients it adds to the frame's components.
struct JPEGScan {
  /// The frame's components in the scan, in order.
  var members: [Int]
  /// The first and last coefficient (zig-zag order) it codes: 0 and 63 for a baseline scan.
  var spectralStart: Int
  var spectralEnd: Int
  /// Successive approximation: the bit position of the previous pass (0 for a first) and of
  /// this one.
  var high: Int
  var low: Int
  var progressive: Bool
  private var eobRun = 0
  /// The zig-zag order, held here: a global's lazy initialization checked per coefficient
  /// costs more than the lookup.
  private let zigzag = jpegZigzag
  /// Whether only DC coefficients are kept: AC bits are read past, not stored.
  var dcOnly = false
  /// Each member's quantization table (natural order), by component index, for components
  /// whose samples are made as they are decoded.
  var quantTables: [Int: [Int32]] = [:]

  init(members: [Int], spectralStart: Int, spectralEnd: Int, high: Int, low: Int, progressive: Bool)
  {
    self.members = members
    self.spectralStart = spectralStart
    self.spectralEnd = spectralEnd
    self.high = high
    self.low = low
    self.progressive = progressive
  }

  /// Decodes the scan into `frame`, starting at `start`; returns where its data ends.
  mutating func decode(
    _ frame: inout JPEGFrame, _ data: UnsafeBufferPointer<UInt8>, from start: Int,
    dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?], restartInterval: Int
  ) throws -> Int {
    var reader = JPEGBitReader(position: start)
    for member in members { frame.components[member].prediction = 0 }
    // One block's coefficients, widened, for components made into samples as they go.
    let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 64)
    scratch.initialize(repeating: 0)
    defer { scratch.deallocate() }
    let quants = members.map { quantTables[$0] ?? [] }
    // A scan of one component covers that component's own blocks; several, whole MCUs.
    let single = members.count == 1
    let unitsAcross = single ? frame.components[members[0]].usedBlocksPerLine : frame.mcusPerLine
    let unitsDown = single ? frame.components[members[0]].usedBlocksPerColumn : frame.mcusPerColumn
    let tables = members.compactMap { member -> (JPEGHuffmanTable, JPEGHuffmanTable)? in
      guard let dc = dcTables[frame.components[member].dcTable],
        let ac = acTables[frame.components[member].acTable]
      else { return nil }
      return (dc, ac)
    }
    // A baseline scan with no restarts and every table: read by the loops below that take
    // their tables and storage once a scan.
    let plain = restartInterval == 0 && !progressive && tables.count == members.count
    if plain, single, !frame.components[members[0]].samples.isEmpty {
      try samples(of: &frame, tables[0], quant: quants[0], &reader, data, scratch: scratch)
      return reader.position
    }
    if plain, members.allSatisfy({ frame.components[$0].samples.isEmpty }) {
      if single {
        try coefficients(
          of: &frame.components[members[0]], across: unitsAcross, down: unitsDown,
          tables[0].0, tables[0].1, &reader, data)
        return reader.position
      }
      if members.count == 3 {
        try coefficients(of: &frame, tables, &reader, data)
        return reader.position
      }
    }
    var unitsToRestart = restartInterval
    for unitY in 0..<unitsDown {
      for unitX in 0..<unitsAcross {
        if restartInterval > 0 {
          if unitsToRestart == 0 {
            try restart(&reader, data, &frame)
            unitsToRestart = restartInterval
          }
          unitsToRestart -= 1
        }
        if single {
          try decodeBlock(
            &frame.components[members[0]], row: unitY, column: unitX, &reader, data,
            dcTables: dcTables, acTables: acTables, quant: quants[0], scratch: scratch)
          continue
        }
        for (index, member) in members.enumerated() {
          let (h, v) = (frame.components[member].h, frame.components[member].v)
          for y in 0..<v {
            for x in 0..<h {
              try decodeBlock(
                &frame.components[member], row: unitY * v + y, column: unitX * h + x, &reader,
                data, dcTables: dcTables, acTables: acTables, quant: quants[index],
                scratch: scratch)
            }
          }
        }
      }
    }
    return reader.position
  }

  /// A baseline scan of one component with no restart markers, kept as coefficients (a grey
  /// picture drawn small, or a frame's later work): its tables and its blocks' storage taken
  /// once, not once a block, which cost as much as the reading of a block's codes.
  private func coefficients(
    of component: inout JPEGComponent, across: Int, down: Int, _ dc: JPEGHuffmanTable,
    _ ac: JPEGHuffmanTable, _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    let kept = component.coefficientsPerBlock
    let perLine = component.blocksPerLine
    let rows = min(down, component.blocksPerColumn)
    let columns = min(across, perLine)
    var prediction = component.prediction
    try component.coefficients.withUnsafeMutableBufferPointer { all in
      guard all.count >= perLine * rows * kept else { return }
      for row in 0..<rows {
        for column in 0..<columns {
          let base = (row * perLine + column) * kept
          try baseline(
            UnsafeMutableBufferPointer(rebasing: all[base..<(base + kept)]), &prediction, dc, ac,
            &reader, data)
        }
      }
    }
    component.prediction = prediction
  }

  /// A baseline scan of one component with no restart markers, each block made into samples
  /// as soon as it is decoded (a grey frame drawn whole: a Navcam's): its tables, quantization
  /// and samples taken once, not once a block, which cost a tenth of the decoding.
  private func samples(
    of frame: inout JPEGFrame, _ tables: (JPEGHuffmanTable, JPEGHuffmanTable), quant: [Int32],
    _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>,
    scratch: UnsafeMutableBufferPointer<Int32>
  ) throws {
    let member = members[0]
    var samples = frame.components[member].samples
    // Taken out, so that it is held once and written in place, not copied.
    frame.components[member].samples = []
    defer { frame.components[member].samples = samples }
    let layout = BlockLayout(frame.components[member])
    let (across, down) = (
      frame.components[member].usedBlocksPerLine, frame.components[member].usedBlocksPerColumn
    )
    let (dc, ac) = tables
    var prediction = frame.components[member].prediction
    let stride = layout.blocksPerLine * 8
    // A local copy, written back once at the end, not the caller's reader touched each block.
    var local = reader
    defer { reader = local }
    try samples.withUnsafeMutableBufferPointer { out in
      try quant.withUnsafeBufferPointer { quant in
        try withLookups(ac) { fastAC, zigzag in
          guard quant.count >= 64, out.count >= stride * layout.blocksPerColumn * 8,
            across <= layout.blocksPerLine, down <= layout.blocksPerColumn
          else { throw ImageError("the image's component is smaller than its frame says") }
          for row in 0..<down {
            for column in 0..<across {
              try baseline(scratch, &prediction, dc, ac, fastAC, zigzag, &local, data)
              InverseDCT.transform(
                scratch, quant: quant, into: out, at: row * 8 * stride + column * 8,
                stride: stride)
              // The next block writes only its coefficients that are not zero: cleared for it.
              scratch.update(repeating: 0)
            }
          }
        }
      }
    }
    frame.components[member].prediction = prediction
  }

  /// A baseline scan of three components in MCUs (YCbCr) with no restart markers, kept as
  /// coefficients, as the one-component reader above does: each component's blocks taken out
  /// of the frame for the scan, so that the three are written at once, and put back.
  private func coefficients(
    of frame: inout JPEGFrame, _ tables: [(JPEGHuffmanTable, JPEGHuffmanTable)],
    _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    var (first, second, third) = (
      frame.components[members[0]].coefficients, frame.components[members[1]].coefficients,
      frame.components[members[2]].coefficients
    )
    // Taken out, so that each is held once and written in place, not copied.
    for member in members { frame.components[member].coefficients = [] }
    defer {
      frame.components[members[0]].coefficients = first
      frame.components[members[1]].coefficients = second
      frame.components[members[2]].coefficients = third
    }
    // Each member's layout as plain numbers and its tables as locals, read once: a component
    // copied for each block (its arrays retained and released) cost a quarter of the scan.
    let layouts = members.map { BlockLayout(frame.components[$0]) }
    let (layout0, layout1, layout2) = (layouts[0], layouts[1], layouts[2])
    let ((dc0, ac0), (dc1, ac1), (dc2, ac2)) = (tables[0], tables[1], tables[2])
    var (prediction0, prediction1, prediction2) = (
      frame.components[members[0]].prediction, frame.components[members[1]].prediction,
      frame.components[members[2]].prediction
    )
    let (unitsDown, unitsAcross) = (frame.mcusPerColumn, frame.mcusPerLine)
    try first.withUnsafeMutableBufferPointer { first in
      try second.withUnsafeMutableBufferPointer { second in
        try third.withUnsafeMutableBufferPointer { third in
          guard first.count >= layout0.size, second.count >= layout1.size,
            third.count >= layout2.size
          else { throw ImageError("the image's component is smaller than its frame says") }
          for unitY in 0..<unitsDown {
            for unitX in 0..<unitsAcross {
              try unit(
                unitX, unitY, of: first, layout0, &prediction0, dc0, ac0, &reader, data)
              try unit(
                unitX, unitY, of: second, layout1, &prediction1, dc1, ac1, &reader, data)
              try unit(
                unitX, unitY, of: third, layout2, &prediction2, dc2, ac2, &reader, data)
            }
          }
        }
      }
    }
    frame.components[members[0]].prediction = prediction0
    frame.components[members[1]].prediction = prediction1
    frame.components[members[2]].prediction = prediction2
  }

  /// Where a component's blocks lie in its coefficients, as plain numbers.
  private struct BlockLayout {
    let h: Int
    let v: Int
    let blocksPerLine: Int
    let blocksPerColumn: Int
    let kept: Int

    init(_ component: JPEGComponent) {
      (h, v) = (component.h, component.v)
      (blocksPerLine, blocksPerColumn) = (component.blocksPerLine, component.blocksPerColumn)
      kept = component.coefficientsPerBlock
    }

    /// How many coefficients the component's blocks hold.
    var size: Int { blocksPerLine * blocksPerColumn * kept }
  }

  /// One component's blocks of the MCU at `unitX`, `unitY`.
  @inline(__always)
  private func unit(
    _ unitX: Int, _ unitY: Int, of storage: UnsafeMutableBufferPointer<Int16>,
    _ layout: BlockLayout, _ prediction: inout Int32, _ dc: JPEGHuffmanTable,
    _ ac: JPEGHuffmanTable, _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    for y in 0..<layout.v {
      for x in 0..<layout.h {
        let (row, column) = (unitY * layout.v + y, unitX * layout.h + x)
        guard row < layout.blocksPerColumn, column < layout.blocksPerLine else { continue }
        let base = (row * layout.blocksPerLine + column) * layout.kept
        try baseline(
          UnsafeMutableBufferPointer(rebasing: storage[base..<(base + layout.kept)]),
          &prediction, dc, ac, &reader, data)
      }
    }
  }

  /// Moves past the restart marker that ends an interval, and starts the predictions again.
  private mutating func restart(
    _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>, _ frame: inout JPEGFrame
  ) throws {
    var position = reader.position
    while position + 1 < data.count {
      if data[position] == 0xFF, (0xD0...0xD7).contains(data[position + 1]) {
        position += 2
        break
      }
      if data[position] == 0xFF, data[position + 1] != 0, data[position + 1] != 0xFF {
        // Another marker: the restart is missing; go on from here, as libjpeg does.
        break
      }
      position += 1
    }
    reader = JPEGBitReader(position: position)
    eobRun = 0
    for member in members { frame.components[member].prediction = 0 }
  }

  @inline(__always)
  private mutating func decodeBlock(
    _ component: inout JPEGComponent, row: Int, column: Int, _ reader: inout JPEGBitReader,
    _ data: UnsafeBufferPointer<UInt8>, dcTables: [JPEGHuffmanTable?],
    acTables: [JPEGHuffmanTable?], quant: [Int32], scratch: UnsafeMutableBufferPointer<Int32>
  ) throws {
    guard row < component.blocksPerColumn, column < component.blocksPerLine else { return }
    let dc = dcTables[component.dcTable]
    let ac = acTables[component.acTable]
    if !component.samples.isEmpty {
      guard let dc, let ac else { return }
      try withLookups(ac) { fastAC, zigzag in
        try baseline(scratch, &component.prediction, dc, ac, fastAC, zigzag, &reader, data)
      }
      let stride = component.blocksPerLine * 8
      component.samples.withUnsafeMutableBufferPointer { out in
        quant.withUnsafeBufferPointer { quant in
          InverseDCT.transform(
            scratch, quant: quant, into: out, at: row * 8 * stride + column * 8, stride: stride)
        }
      }
      // The next block writes only its coefficients that are not zero: cleared for it.
      scratch.update(repeating: 0)
      return
    }
    // A block's coefficients, or its DC alone when only DCs are kept.
    let kept = component.coefficientsPerBlock
    let base = (row * component.blocksPerLine + column) * kept
    try component.coefficients.withUnsafeMutableBufferPointer { all in
      let block = UnsafeMutableBufferPointer(rebasing: all[base..<(base + kept)])
      if !progressive {
        guard let dc, let ac else { return }
        try baseline(block, &component.prediction, dc, ac, &reader, data)
      } else if spectralStart == 0 {
        if high == 0 {
          guard let dc else { return }
          let symbol = try reader.decode(dc, data)
          guard symbol <= 16 else { throw ImageError("the image's DC data is damaged") }
          component.prediction &+= reader.signed(symbol, data)
          block[0] = Int16(truncatingIfNeeded: component.prediction << Int32(low))
        } else if reader.bit(data) {
          block[0] |= Int16(truncatingIfNeeded: 1 << low)
        }
      } else if high == 0 {
        guard let ac else { return }
        try acFirst(block, ac, &reader, data)
      } else {
        guard let ac else { return }
        try acRefine(block, ac, &reader, data)
      }
    }
  }

  /// The AC table's quick lookup and the zig-zag order as buffers, for the reading of
  /// ``baseline(_:_:_:_:_:_:_:_:)`` (512 and 64 entries, which its indexes stay within).
  @inline(__always)
  private func withLookups(
    _ ac: JPEGHuffmanTable,
    _ body: (UnsafeBufferPointer<Int16>, UnsafeBufferPointer<Int>) throws -> Void
  ) throws {
    try ac.fastAC.withUnsafeBufferPointer { fastAC in
      try zigzag.withUnsafeBufferPointer { zigzag in
        guard fastAC.count == 512, zigzag.count >= 64 else {
          throw ImageError("the image's Huffman tables are damaged")
        }
        try body(fastAC, zigzag)
      }
    }
  }

  /// A baseline block's coefficients, as 32-bit numbers not yet dequantized, into `block` (all
  /// zero before). The AC table's quick lookup (512 entries) and the zig-zag order (64) come
  /// as buffers, read without a bounds check: the indexes are 9 bits and below 64 by
  /// construction.
  @inline(__always)
  private func baseline(
    _ block: UnsafeMutableBufferPointer<Int32>, _ prediction: inout Int32, _ dc: JPEGHuffmanTable,
    _ ac: JPEGHuffmanTable,
    _ fastAC: UnsafeBufferPointer<Int16>, _ zigzag: UnsafeBufferPointer<Int>,
    _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    let symbol = try reader.decode(dc, data)
    guard symbol <= 16 else { throw ImageError("the image's DC data is damaged") }
    prediction &+= reader.signed(symbol, data)
    // As the 16 bits libjpeg keeps a coefficient in.
    block[0] = Int32(Int16(truncatingIfNeeded: prediction))
    var k = 1
    while k < 64 {
      // A short code and a small coefficient at once, when the next 9 bits hold both.
      if reader.count < 16 { reader.fill(data) }
      let quick = fastAC[Int(reader.bits >> 55)]
      if quick != 0 {
        let taken = Int(quick & 15)
        reader.bits <<= UInt64(taken)
        reader.count -= taken
        k += Int(quick >> 4 & 15)
        guard k < 64 else { break }
        block[zigzag[k]] = Int32(quick >> 8)
        k += 1
        continue
      }
      let rs = try reader.decode(ac, data)
      let run = rs >> 4
      let size = rs & 15
      if size == 0 {
        if run != 15 { break }
        k += 16
        continue
      }
      k += run
      guard k < 64 else { break }
      block[zigzag[k]] = Int32(Int16(truncatingIfNeeded: reader.signed(size, data)))
      k += 1
    }
  }

  /// A baseline block's coefficients into `block`, as the file has them; with ``dcOnly``, the
  /// DC alone. The same reading as the one above, kept apart on purpose: one reader over a
  /// closure that stores either way measured 12% slower on `show`'s eighth-size decode.
  @inline(__always)
  private func baseline(
    _ block: UnsafeMutableBufferPointer<Int16>, _ prediction: inout Int32,
    _ dc: JPEGHuffmanTable, _ ac: JPEGHuffmanTable, _ reader: inout JPEGBitReader,
    _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    let symbol = try reader.decode(dc, data)
    guard symbol <= 16 else { throw ImageError("the image's DC data is damaged") }
    prediction &+= reader.signed(symbol, data)
    block[0] = Int16(truncatingIfNeeded: prediction)
    var k = 1
    let fastAC = ac.fastAC
    while k < 64 {
      // A short code and a small coefficient at once, as in the other baseline reader.
      if reader.count < 16 { reader.fill(data) }
      let quick = fastAC[Int(reader.bits >> 55)]
      if quick != 0 {
        let taken = Int(quick & 15)
        reader.bits <<= UInt64(taken)
        reader.count -= taken
        k += Int(quick >> 4 & 15)
        guard k < 64 else { break }
        if !dcOnly { block[zigzag[k]] = quick >> 8 }
        k += 1
        continue
      }
      let rs = try reader.decode(ac, data)
      let run = rs >> 4
      let size = rs & 15
      if size == 0 {
        if run != 15 { break }
        k += 16
        continue
      }
      k += run
      guard k < 64 else { break }
      if dcOnly {
        _ = reader.take(size, data)
      } else {
        block[zigzag[k]] = Int16(truncatingIfNeeded: reader.signed(size, data))
      }
      k += 1
    }
  }

  @inline(__always)
  private mutating func acFirst(
    _ block: UnsafeMutableBufferPointer<Int16>, _ ac: JPEGHuffmanTable,
    _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    if eobRun > 0 {
      eobRun -= 1
      return
    }
    var k = spectralStart
    while k <= spectralEnd {
      let rs = try reader.decode(ac, data)
      let run = rs >> 4
      let size = rs & 15
      if size == 0 {
        if run < 15 {
          eobRun = (1 << run) - 1
          if run > 0 { eobRun += Int(reader.take(run, data)) }
          break
        }
        k += 16
        continue
      }
      k += run
      guard k < 64 else { break }
      block[zigzag[k]] = Int16(truncatingIfNeeded: reader.signed(size, data) &* (1 << Int32(low)))
      k += 1
    }
  }

  @inline(__always)
  private mutating func acRefine(
    _ block: UnsafeMutableBufferPointer<Int16>, _ ac: JPEGHuffmanTable,
    _ reader: inout JPEGBitReader, _ data: UnsafeBufferPointer<UInt8>
  ) throws {
    let plus = Int16(truncatingIfNeeded: 1 << low)
    let minus = Int16(truncatingIfNeeded: -1 << low)
    var k = spectralStart
    /// Adds a correction bit to a coefficient already set.
    func refine(_ index: Int, _ reader: inout JPEGBitReader) {
      let natural = zigzag[index]
      if block[natural] != 0, reader.bit(data), block[natural] & plus == 0 {
        block[natural] &+= block[natural] >= 0 ? plus : minus
      }
    }
    if eobRun <= 0 {
      while k <= spectralEnd {
        let rs = try reader.decode(ac, data)
        var run = rs >> 4
        let size = rs & 15
        var value: Int16 = 0
        if size == 0 {
          if run < 15 {
            eobRun = 1 << run
            if run > 0 { eobRun += Int(reader.take(run, data)) }
            break
          }
        } else {
          value = reader.bit(data) ? plus : minus
        }
        while k <= spectralEnd {
          let natural = zigzag[k]
          if block[natural] != 0 {
            refine(k, &reader)
          } else {
            run -= 1
            if run < 0 { break }
          }
          k += 1
        }
        if value != 0, k <= 63 { block[zigzag[k]] = value }
        k += 1
      }
    }
    if eobRun > 0 {
      while k <= spectralEnd {
        refine(k, &reader)
        k += 1
      }
      eobRun -= 1
    }
  }
}
