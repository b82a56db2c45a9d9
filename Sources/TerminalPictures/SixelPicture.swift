import RasterImages

/// A picture in DEC sixel: colours from a fixed 6 × 7 × 6 palette (252 registers), each band
/// of six rows one run-length coded line per colour it uses.
enum SixelPicture {
  static func sequence(_ image: RasterImage) -> String {
    var out = "\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)"
    // The palette, in percent as sixel counts colour.
    for r in 0..<6 {
      for g in 0..<7 {
        for b in 0..<6 {
          out += "#\(r * 42 + g * 6 + b);2;\(r * 100 / 5);\(g * 100 / 6);\(b * 100 / 5)"
        }
      }
    }
    // Each pixel's register.
    var registers = [UInt8](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { pixels in
      for index in registers.indices {
        let r = (Int(pixels[index * 3]) * 5 + 127) / 255
        let g = (Int(pixels[index * 3 + 1]) * 6 + 127) / 255
        let b = (Int(pixels[index * 3 + 2]) * 5 + 127) / 255
        registers[index] = UInt8(r * 42 + g * 6 + b)
      }
    }
    var bands: [String] = []
    for top in stride(from: 0, to: image.height, by: 6) {
      var used = [Bool](repeating: false, count: 252)
      for y in top..<min(top + 6, image.height) {
        for x in 0..<image.width { used[Int(registers[y * image.width + x])] = true }
      }
      var lines: [String] = []
      for colour in 0..<252 where used[colour] {
        var line = "#\(colour)"
        var previous: UInt8 = 0
        var run = 0
        func flush() {
          guard run > 0 else { return }
          let character = String(UnicodeScalar(previous + 63))
          line += run > 3 ? "!\(run)\(character)" : String(repeating: character, count: run)
        }
        for x in 0..<image.width {
          var bits: UInt8 = 0
          for bit in 0..<6 where top + bit < image.height {
            if registers[(top + bit) * image.width + x] == colour { bits |= 1 << bit }
          }
          if bits == previous {
            run += 1
          } else {
            flush()
            previous = bits
            run = 1
          }
        }
        flush()
        lines.append(line)
      }
      bands.append(lines.joined(separator: "$"))
    }
    return out + bands.joined(separator: "-") + "\u{1B}\\"
  }
}
