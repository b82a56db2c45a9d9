/// PNG's Paeth predictor, the one rule both the encoder's filters and the decoder's unfiltering
/// follow.
enum PNGPredictor {
  /// Of the bytes to the left, above and above-left, the one nearest to `left + up − upLeft`:
  /// ties go to the left, then up. Chosen by selects, not branches: on a photo's noise the
  /// branches were guessed wrong half the time.
  @inline(__always)
  static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
    // The distances from left + up − upLeft: |up − upLeft|, |left − upLeft| and their sum.
    let fromUp = Int(up) &- Int(upLeft)
    let fromLeft = Int(left) &- Int(upLeft)
    let toLeft = magnitude(fromUp)
    let toUp = magnitude(fromLeft)
    let toUpLeft = magnitude(fromUp &+ fromLeft)
    // Chosen among whole numbers: among bytes the compiler made the second choice a branch.
    let nearer = toUp < toLeft ? Int(up) : Int(left)
    let chosen = toUpLeft < min(toLeft, toUp) ? Int(upLeft) : nearer
    return UInt8(truncatingIfNeeded: chosen)
  }

  /// `|value|` of a difference of bytes, without `abs`'s check for the one value it cannot
  /// negate, which kept the loop from being compiled to selects alone.
  @inline(__always)
  private static func magnitude(_ value: Int) -> Int {
    let sign = value &>> 63
    return (value ^ sign) &- sign
  }
}
