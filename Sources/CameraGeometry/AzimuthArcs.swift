/// Arcs of the circle of azimuths, in degrees: what a set of frames covers together.
public enum AzimuthArcs {
  /// The degrees `arcs` cover together (at most 360), and the covered stretch from the end of
  /// the widest gap round to its start (the whole circle from -180 when nothing is left out).
  public static func union(_ arcs: [ClosedRange<Double>]) -> (
    covered: Double, span: ClosedRange<Double>
  ) {
    // Each arc from 0 ..< 360, cut in two where it passes 360.
    var pieces: [(Double, Double)] = []
    for arc in arcs {
      if arc.upperBound - arc.lowerBound >= 360 { return (360, -180...180) }
      let start = arc.lowerBound - 360 * (arc.lowerBound / 360).rounded(.down)
      let end = start + arc.upperBound - arc.lowerBound
      if end > 360 {
        pieces += [(start, 360), (0, end - 360)]
      } else {
        pieces.append((start, end))
      }
    }
    pieces.sort { $0.0 < $1.0 }
    var merged: [(Double, Double)] = []
    for piece in pieces {
      if let last = merged.last, piece.0 <= last.1 {
        merged[merged.count - 1].1 = max(last.1, piece.1)
      } else {
        merged.append(piece)
      }
    }
    let covered = merged.reduce(0) { $0 + $1.1 - $1.0 }
    guard let first = merged.first, let last = merged.last, covered < 360 - 1e-9 else {
      return (360, -180...180)
    }
    // The gaps between pieces, the last one round through 360.
    var widest = (start: last.1, end: first.0 + 360)
    for (one, next) in zip(merged, merged.dropFirst())
    where next.0 - one.1 > widest.end - widest.start {
      widest = (one.1, next.0)
    }
    var from = widest.end
    if from >= 360 { from -= 360 }
    if from > 180 { from -= 360 }
    return (covered, from...(from + 360 - (widest.end - widest.start)))
  }

  /// The arc of azimuths (degrees) of `azimuths` seen around `centre`: each unwrapped to within
  /// 180 degrees of it.
  public static func arc(of azimuths: [Double], around centre: Double) -> ClosedRange<Double> {
    let offsets = azimuths.map { azimuth in
      let offset = (azimuth - centre).truncatingRemainder(dividingBy: 360)
      return offset > 180 ? offset - 360 : offset < -180 ? offset + 360 : offset
    }
    return (centre + (offsets.min() ?? 0))...(centre + (offsets.max() ?? 0))
  }

  /// The round azimuths (multiples of `every` degrees) of a stretch `span` degrees long from
  /// `left`: where each stands along it (0 to 1, the end left out) and its degrees as
  /// `mastAz` writes them (-180 to 180): a panorama's scale, in the terminal and the gallery.
  public static func ticks(from left: Double, span: Double, every: Double) -> [(
    share: Double, degrees: Int
  )] {
    var ticks: [(Double, Int)] = []
    var azimuth = (left / every).rounded(.up) * every
    while azimuth < left + span {
      var shown = Int(azimuth.rounded()) % 360
      if shown > 180 { shown -= 360 }
      if shown <= -180 { shown += 360 }
      ticks.append(((azimuth - left) / span, shown))
      azimuth += every
    }
    return ticks
  }
}
