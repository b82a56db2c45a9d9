import Foundation
import RasterImages
import TestSupport

/// The fixtures and the reference decoder the decoders are held to.
enum Reference {
  /// The image files of a folder of the fixtures, sorted.
  static func files(in folder: String) -> [URL] {
    let url = PackagePaths.fixture(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.sorted().map { url.appendingPathComponent($0) }
  }

  /// libjpeg-turbo's `djpeg`, when this machine has it.
  static let djpeg = ReferenceTool.find("/usr/bin/djpeg", "/usr/local/bin/djpeg")

  /// What djpeg makes of a file, as RGB (grey replicated).
  static func djpeg(_ file: URL, scale: String? = nil) throws -> (
    width: Int, height: Int, pixels: [UInt8]
  ) {
    try netpbm(
      ReferenceTool.stdout(
        djpeg ?? "/usr/bin/djpeg", (scale.map { ["-scale", $0] } ?? []) + ["-pnm", file.path]))
  }

  /// A binary PGM or PPM as RGB.
  static func netpbm(_ bytes: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt8]) {
    var fields: [String] = []
    var index = 0
    while fields.count < 4, index < bytes.count {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var field = ""
      while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A {
        field.append(Character(UnicodeScalar(bytes[index])))
        index += 1
      }
      fields.append(field)
    }
    index += 1
    guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    let body = Array(bytes[index...])
    if fields[0] == "P6" { return (width, height, body) }
    return (width, height, RasterImage(width: width, height: height, grey: body).pixels)
  }

  /// Peak signal-to-noise ratio of two pictures of the same size, in dB (infinite when equal).
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    var sum = 0.0
    for index in a.indices {
      let difference = Double(Int(a[index]) - Int(b[index]))
      sum += difference * difference
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }
}
