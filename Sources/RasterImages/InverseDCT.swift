/// The accurate integer inverse DCT (the Loeffler–Ligtenberg–Moschytz factorization, with
/// 12-bit constants), as libjpeg's default "islow" method computes it: columns then rows,
/// the level shift of 128 added at the end.
enum InverseDCT {
  @inline(__always) private static func c(_ value: Double) -> Int32 {
    Int32((value * 4096).rounded())
  }
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

  /// One block of 64 dequantized coefficients (natural order) into 8 × 8 samples of `out`.
  @inline(__always)
  static func transform(
    _ block: UnsafeMutableBufferPointer<Int32>, into out: UnsafeMutableBufferPointer<UInt8>,
    at origin: Int, stride: Int
  ) {
    // Columns, into block itself, scaled up by 8 bits (kept for the rows' precision).
    for column in 0..<8 {
      let s = { (row: Int) in block[row * 8 + column] }
      if s(1) == 0, s(2) == 0, s(3) == 0, s(4) == 0, s(5) == 0, s(6) == 0, s(7) == 0 {
        let dc = s(0) &* 4
        for row in 0..<8 { block[row * 8 + column] = dc }
        continue
      }
      let (even, odd) = oneDimension(s(0), s(1), s(2), s(3), s(4), s(5), s(6), s(7))
      let x0 = even.0 &+ 512
      let x1 = even.1 &+ 512
      let x2 = even.2 &+ 512
      let x3 = even.3 &+ 512
      block[column] = (x0 &+ odd.3) >> 10
      block[56 + column] = (x0 &- odd.3) >> 10
      block[8 + column] = (x1 &+ odd.2) >> 10
      block[48 + column] = (x1 &- odd.2) >> 10
      block[16 + column] = (x2 &+ odd.1) >> 10
      block[40 + column] = (x2 &- odd.1) >> 10
      block[24 + column] = (x3 &+ odd.0) >> 10
      block[32 + column] = (x3 &- odd.0) >> 10
    }
    // Rows, into the samples, with rounding and the level shift.
    let bias: Int32 = 65536 &+ (128 << 17)
    for row in 0..<8 {
      let b = row * 8
      let (even, odd) = oneDimension(
        block[b], block[b + 1], block[b + 2], block[b + 3], block[b + 4], block[b + 5],
        block[b + 6], block[b + 7])
      let x0 = even.0 &+ bias
      let x1 = even.1 &+ bias
      let x2 = even.2 &+ bias
      let x3 = even.3 &+ bias
      let o = origin + row * stride
      out[o] = clamp((x0 &+ odd.3) >> 17)
      out[o + 7] = clamp((x0 &- odd.3) >> 17)
      out[o + 1] = clamp((x1 &+ odd.2) >> 17)
      out[o + 6] = clamp((x1 &- odd.2) >> 17)
      out[o + 2] = clamp((x2 &+ odd.1) >> 17)
      out[o + 5] = clamp((x2 &- odd.1) >> 17)
      out[o + 3] = clamp((x3 &+ odd.0) >> 17)
      out[o + 4] = clamp((x3 &- odd.0) >> 17)
    }
  }

  /// The even part (x0…x3) and odd part (t0…t3) of one 8-point transform.
  @inline(__always)
  private static func oneDimension(
    _ s0: Int32, _ s1: Int32, _ s2: Int32, _ s3: Int32, _ s4: Int32, _ s5: Int32, _ s6: Int32,
    _ s7: Int32
  ) -> ((Int32, Int32, Int32, Int32), (Int32, Int32, Int32, Int32)) {
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

  @inline(__always)
  private static func clamp(_ value: Int32) -> UInt8 {
    value < 0 ? 0 : value > 255 ? 255 : UInt8(value)
  }
}
