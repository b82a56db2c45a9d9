/// PNG's Paeth predictor, the one rule both the encoder's filters and the decoder's unfiltering
/// follow.
enum PNGPredictor {
  /// Of the bytes to the left, above and above-left, the one nearest to `left + up − upLeft`:
  /// ties go to the left, then up. Chosen by selects, not branches: on a photo's noise the
  /// branches were guessed wrong half the time.
  @inline(__always)
  static func paeth(_ left: UInt8, _ up: UInt8, _ upLeft: UInt8) -> UInt8 {
    // The distances from left + up − upLeft: |up − upLeft|, |left − upLeft| and their sum.
    let toLeft = abs(Int(up) - Int(upLeft))
    let toUp = abs(Int(left) - Int(upLeft))
    let toUpLeft = abs(Int(left) + Int(up) - 2 * Int(upLeft))
    let nearer = toUp < toLeft ? up : left
    return toUpLeft < min(toLeft, toUp) ? upLeft : nearer
  }
}
