import MarsFetching
import MarsMirror
import RasterImages

/// The colour cameras whose raw readouts come as grey Bayer mosaics, found by the product code
/// in a NASA file name, and each camera's white balance.
///
/// The multipliers are those mars-raw-utils publishes for its radiometric calibration
/// (`red_scalar`, `green_scalar`, `blue_scalar` of MarsRaw/mars-raw-utils-data's
/// `caldata/*_rad.toml`): the README lists them. The Hazcams share the Navcams' sensor and take
/// theirs; MARDI has none published and is left as read.
public struct BayerCamera: Sendable, Equatable {
  /// The camera, as the README names it.
  public var name: String
  /// What its colours are multiplied by after the demosaic.
  public var balance: WhiteBalance

  static let navcam = BayerCamera(
    name: "Perseverance Navcam", balance: WhiteBalance(red: 1.043, green: 0.9858, blue: 1.597))
  static let hazcam = BayerCamera(
    name: "Perseverance Hazcam", balance: WhiteBalance(red: 1.043, green: 0.9858, blue: 1.597))
  static let mastcamZ = BayerCamera(
    name: "Mastcam-Z", balance: WhiteBalance(red: 1.0, green: 0.924, blue: 0.9768))
  static let mastcam = BayerCamera(
    name: "Mastcam", balance: WhiteBalance(red: 0.965, green: 0.985, blue: 1.155))
  static let mahli = BayerCamera(
    name: "MAHLI", balance: WhiteBalance(red: 1.16, green: 1.0, blue: 1.05))
  static let mardi = BayerCamera(name: "MARDI", balance: .neutral)

  /// Every camera, for the README's table.
  public static let all = [navcam, hazcam, mastcamZ, mastcam, mahli, mardi]

  /// The camera whose Bayer readout the name says the file is, or `nil` when the name says it
  /// is not one:
  /// - Perseverance: `E` after the Navcam's, Hazcams' or Mastcam-Z's code (`NLE_`, `FRE_`,
  ///   `ZLE_`), or Mastcam-Z's filter 0, its Bayer position (`ZL0_`);
  /// - Curiosity: Mastcam (`ML`, `MR`), MAHLI (`MH`) and MARDI (`MD`) after the four digits of
  ///   the sol: their raw products are mosaics, their processed ones colour (which the pixels
  ///   then show).
  public static func claimed(by nasaID: String) -> BayerCamera? {
    let name = Array(nasaID.utf8)
    guard name.count >= 6 else { return nil }
    if name.count > 4, name[3] == UInt8(ascii: "_"),
      [UInt8(ascii: "L"), UInt8(ascii: "R")].contains(name[1])
    {
      let product = name[2]
      switch name[0] {
      case UInt8(ascii: "N") where product == UInt8(ascii: "E"): return navcam
      case UInt8(ascii: "F"), UInt8(ascii: "R"):
        return product == UInt8(ascii: "E") ? hazcam : nil
      case UInt8(ascii: "Z") where product == UInt8(ascii: "E") || product == UInt8(ascii: "0"):
        return mastcamZ
      default: return nil
      }
    }
    guard name[0..<4].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    switch String(decoding: name[4..<6], as: UTF8.self) {
    case "ML", "MR": return mastcam
    case "MH": return mahli
    case "MD": return mardi
    default: return nil
    }
  }
}
