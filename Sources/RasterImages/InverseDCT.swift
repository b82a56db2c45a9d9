/// The accurate integer inverse DCT (the Loeffler–Ligtenberg–Moschytz factorization, with
/// 12-bit constants), as libjpeg's default "islow" method computes it: columns then rows,
/// the level shift of 128 added at the end.
enum InverseDCT {
  private static let c0541: Int32 = 2217  // 0.5411961
  private static let c1847: Int32 = -7568  // -1.847759065
  private static let c0765: Int32 = 3135  // 0.765366865
  private static let c1175: Int32 = 4816  // 1.175875602
  private static let c0298: Int32 = 1223  // 0.298631336
  private static let c2053: Int32 = 8410  // 2.053119869
  private static let c3072: Int32 = 12586  // 3.072711026
  private static let c1501: Int32 = 6149  // 1.50132111
  private static let c0899: Int32 = -3686  // -0.899976223
  private static let c2562: Int32 = -10498  // -2.562915447
  private static let c1961: Int32 = -8035  // -1.96157056
  private static let c0390: Int32 = -1598  // -0.390180644

  /// Eight 32-bit lanes: a row of a block (a lane a column) in the first pass, a column (a
  /// lane a row) in the second.
  typealias Lanes = SIMD8<Int32>

  /// One block of 64 coefficients (natural order), dequantized by `quant` (natural order too),
  /// into 8 × 8 samples of `out`. Eight columns at once, then eight rows at once, the block
  /// turned between: the same integer steps as one column or row at a time, so the same
  /// samples to the bit. The dequantizing is done here, eight at a time, not as each
  /// coefficient is read, where it stood in the Huffman decoding's chain of loads.
  @inline(__always)
  static func transform(
    _ block: UnsafeMutableBufferPointer<Int32>, quant: UnsafeBufferPointer<Int32>,
    into out: UnsafeMutableBufferPointer<UInt8>, at origin: Int, stride: Int
  ) {
    guard let base = block.baseAddress, block.count >= 64, let factors = quant.baseAddress,
      quant.count >= 64, let target = out.baseAddress, origin >= 0,
      origin + 7 * stride + 8 <= out.count
    else { return }
    let (raw, scales) = (UnsafeRawPointer(base), UnsafeRawPointer(factors))
    @inline(__always) func row(_ index: Int) -> Lanes {
      raw.loadUnaligned(fromByteOffset: index * 32, as: Lanes.self)
        &* scales.loadUnaligned(fromByteOffset: index * 32, as: Lanes.self)
    }
    // Columns, scaled up by 8 bits (kept for the rows' precision).
    let (even, odd) = oneDimension(
      row(0), row(1), row(2), row(3), row(4), row(5), row(6), row(7))
    let x0 = even.0 &+ 512
    let x1 = even.1 &+ 512
    let x2 = even.2 &+ 512
    let x3 = even.3 &+ 512
    let columns = transposed(
      (x0 &+ odd.3) &>> 10, (x1 &+ odd.2) &>> 10, (x2 &+ odd.1) &>> 10, (x3 &+ odd.0) &>> 10,
      (x3 &- odd.0) &>> 10, (x2 &- odd.1) &>> 10, (x1 &- odd.2) &>> 10, (x0 &- odd.3) &>> 10)
    // Rows, with rounding and the level shift: each result a column of samples, a lane a row.
    let (rowEven, rowOdd) = oneDimension(
      columns.0, columns.1, columns.2, columns.3, columns.4, columns.5, columns.6, columns.7)
    let bias = Lanes(repeating: 65536 &+ (128 << 17))
    let y0 = rowEven.0 &+ bias
    let y1 = rowEven.1 &+ bias
    let y2 = rowEven.2 &+ bias
    let y3 = rowEven.3 &+ bias
    let samples = transposed(
      (y0 &+ rowOdd.3) &>> 17, (y1 &+ rowOdd.2) &>> 17, (y2 &+ rowOdd.1) &>> 17,
      (y3 &+ rowOdd.0) &>> 17, (y3 &- rowOdd.0) &>> 17, (y2 &- rowOdd.1) &>> 17,
      (y1 &- rowOdd.2) &>> 17, (y0 &- rowOdd.3) &>> 17)
    @inline(__always) func store(_ lanes: Lanes, _ index: Int) {
      let clamped = lanes.clamped(
        lowerBound: Lanes(repeating: 0), upperBound: Lanes(repeating: 255))
      UnsafeMutableRawPointer(target + origin + index * stride).storeBytes(
        of: SIMD8<UInt8>(truncatingIfNeeded: clamped), as: SIMD8<UInt8>.self)
    }
    store(samples.0, 0)
    store(samples.1, 1)
    store(samples.2, 2)
    store(samples.3, 3)
    store(samples.4, 4)
    store(samples.5, 5)
    store(samples.6, 6)
    store(samples.7, 7)
  }

  /// Eight rows of eight lanes turned into eight columns: three rounds that each send lane
  /// pairs apart (the even lanes of two rows into one, the odd into another), which moves an
  /// element's six address bits (row, lane) round by one; three rounds swap row and lane.
  @inline(__always)
  private static func transposed(
    _ v0: Lanes, _ v1: Lanes, _ v2: Lanes, _ v3: Lanes, _ v4: Lanes, _ v5: Lanes, _ v6: Lanes,
    _ v7: Lanes
  ) -> (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) {
    @inline(__always) func round(
      _ v: (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes)
    ) -> (Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes, Lanes) {
      @inline(__always) func evens(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[0], a[2], a[4], a[6], b[0], b[2], b[4], b[6])
      }
      @inline(__always) func odds(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(a[1], a[3], a[5], a[7], b[1], b[3], b[5], b[7])
      }
      return (
        evens(v.0, v.1), evens(v.2, v.3), evens(v.4, v.5), evens(v.6, v.7),
        odds(v.0, v.1), odds(v.2, v.3), odds(v.4, v.5), odds(v.6, v.7)
      )
    }
    return round(round(round((v0, v1, v2, v3, v4, v5, v6, v7))))
  }

  /// The even part (x0…x3) and odd part (t0…t3) of one 8-point transform.
  @inline(__always)
  private static func oneDimension(
    _ s0: Lanes, _ s1: Lanes, _ s2: Lanes, _ s3: Lanes, _ s4: Lanes, _ s5: Lanes, _ s6: Lanes,
    _ s7: Lanes
  ) -> ((Lanes, Lanes, Lanes, Lanes), (Lanes, Lanes, Lanes, Lanes)) {
    let p1 = (s2 &+ s6) &* c0541
    let t2 = p1 &+ s6 &* c1847
    let t3 = p1 &+ s2 &* c0765
    let t0 = (s0 &+ s4) &* 4096
    let t1 = (s0 &- s4) &* 4096
    let even = (t0 &+ t3, t1 &+ t2, t1 &- t2, t0 &- t3)
    var o0 = s7
    var o1 = s5
    var o2 = s3
    var o3 = s1
    let p3 = o0 &+ o2
    let p4 = o1 &+ o3
    let q1 = o0 &+ o3
    let q2 = o1 &+ o2
    let p5 = (p3 &+ p4) &* c1175
    o0 = o0 &* c0298
    o1 = o1 &* c2053
    o2 = o2 &* c3072
    o3 = o3 &* c1501
    let r1 = p5 &+ q1 &* c0899
    let r2 = p5 &+ q2 &* c2562
    let r3 = p3 &* c1961
    let r4 = p4 &* c0390
    o3 = o3 &+ r1 &+ r4
    o2 = o2 &+ r2 &+ r3
    o1 = o1 &+ r2 &+ r4
    o0 = o0 &+ r1 &+ r3
    return (even, (o0, o1, o2, o3))
  }

}
