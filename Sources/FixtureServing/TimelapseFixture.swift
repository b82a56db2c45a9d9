import Foundation
import RasterImages

/// The frames of the fixtures' time-lapse (Perseverance sols 910 to 914, written by
/// `Fixtures/generate_timelapse.py`): each sol, the Left Navcam looks at one place twice (local
/// 10:00 and 15:00) at one pointing, give or take a tenth of a degree, and once somewhere else;
/// on sols 910 and 911 the Front Hazcam sees the rover's one site. The view's frames show one
/// made scene moved a few pixels and lit differently each sol, as a mast that never points
/// twice to the same pixel and the changing light make them; they are made on request as PNGs,
/// so a test knows every pixel.
public enum TimelapseFixture {
  /// The sequence id every frame's name carries.
  public static let sequence = "NCAM09950"
  /// The sols.
  public static let sols = 910...914
  /// The frames' size.
  public static let width = 320
  /// See ``width``.
  public static let height = 240
  /// The kinds of frame of a sol, as the last digit of their clock says: the view at 10:00 and
  /// at 15:00, another pointing, and the Hazcam.
  public enum Slot: Int, Sendable, CaseIterable {
    case morning, afternoon, elsewhere, hazcam
  }

  /// How far the scene is moved in a sol's view: its content at `(x + dx, y + dy)` is at
  /// `(x, y)`.
  public static func shift(_ sol: Int) -> (dx: Int, dy: Int) {
    [(0, 0), (3, -2), (-4, 1), (2, 4), (-3, -3)][(sol - sols.lowerBound) % 5]
  }

  /// How bright a sol's view is against the first.
  public static func gain(_ sol: Int, _ slot: Slot) -> Double {
    [1.0, 0.85, 1.15, 0.9, 1.1][(sol - sols.lowerBound) % 5] * (slot == .afternoon ? 0.95 : 1)
  }

  /// The grey levels of a frame, row by row.
  public static func grey(sol: Int, slot: Slot) -> [UInt8] {
    let moved = slot == .morning || slot == .afternoon ? shift(sol) : (0, 0)
    let phase = Double(slot == .afternoon ? 0 : slot.rawValue) * 1.7
    let gain = gain(sol, slot)
    var plane = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let (u, v) = (Double(x + moved.0), Double(y + moved.1))
        let level =
          120 + 35 * sin(0.13 * u + 0.07 * v + phase) + 30 * sin(0.045 * u - 0.11 * v + 1.3)
          + 20 * sin(0.09 * (u + v) + 0.4) + 15 * sin(0.21 * u + 0.5) * cos(0.17 * v)
        plane[y * width + x] = UInt8(max(0, min(255, (level * gain).rounded())))
      }
    }
    return plane
  }

  /// The PNG of the frame an image path names (`NLF_0910_0746910001_…NCAM09950…`: the sol,
  /// then a clock whose last digit is the slot), or `nil` when it names none.
  static func png(for target: String) -> Data? {
    let name = Array(target.split(separator: "/").last.map(String.init) ?? "")
    guard String(name).contains(sequence), name.count > 19,
      let sol = Int(String(name[4..<8])), let clock = Int(String(name[9..<19])),
      let slot = Slot(rawValue: clock % 10)
    else { return nil }
    let image = RasterImage(width: width, height: height, grey: grey(sol: sol, slot: slot))
    return Data(PNGEncoder.encode(image))
  }
}
