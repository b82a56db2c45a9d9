/// A palette of at most 256 colours made from the pictures it will draw, by median cut
/// (Heckbert): the colours, counted at 5 bits a channel, are split box by box across the
/// longest side at the median until there are 256 boxes, and each box's colour is the mean of
/// what fell in it. Each 5-bit colour then maps to its nearest palette entry.
struct MedianCutPalette {
  /// Red, green and blue of each entry.
  var colors: [(UInt8, UInt8, UInt8)]
  /// The entry of each 15-bit colour (`r5 << 10 | g5 << 5 | b5`).
  private var lookup: [UInt8]

  /// The palette of `pictures`' pixels (three bytes each).
  init(pictures: [[UInt8]]) {
    var counts = [Int](repeating: 0, count: 1 << 15)
    for pixels in pictures {
      var index = 0
      while index + 2 < pixels.count {
        counts[Self.key(pixels[index], pixels[index + 1], pixels[index + 2])] += 1
        index += 3
      }
    }
    let used = counts.indices.filter { counts[$0] > 0 }
    var boxes: [[Int]] = used.isEmpty ? [[0]] : [used]
    while boxes.count < 256 {
      // The box with the most colours and a side to split goes next.
      guard
        let (index, box) = boxes.enumerated().filter({ $0.element.count > 1 })
          .max(by: { $0.element.count < $1.element.count })
      else { break }
      let channel = Self.longestChannel(box)
      let sorted = box.sorted { Self.channel($0, channel) < Self.channel($1, channel) }
      // The median by pixel count, so busy colours get their own entries.
      let total = sorted.reduce(0) { $0 + counts[$1] }
      var running = 0
      var cut = 1
      for (position, color) in sorted.enumerated() {
        running += counts[color]
        if running * 2 >= total {
          cut = max(1, min(sorted.count - 1, position + 1))
          break
        }
      }
      boxes[index] = Array(sorted[..<cut])
      boxes.append(Array(sorted[cut...]))
    }
    colors = boxes.map { box in
      var sums = (0, 0, 0)
      var weight = 0
      for color in box {
        let count = max(1, counts[color])
        sums.0 += Self.channel(color, 0) * count
        sums.1 += Self.channel(color, 1) * count
        sums.2 += Self.channel(color, 2) * count
        weight += count
      }
      // Back from 5 bits to 8, at the middle of each step.
      func eight(_ sum: Int) -> UInt8 { UInt8(min(255, (sum * 8 + weight * 4) / weight)) }
      return (eight(sums.0), eight(sums.1), eight(sums.2))
    }
    lookup = [UInt8](repeating: 0, count: 1 << 15)
    for color in used {
      let (r, g, b) = (
        Self.channel(color, 0) * 8 + 4, Self.channel(color, 1) * 8 + 4,
        Self.channel(color, 2) * 8 + 4
      )
      var best = 0
      var bestDistance = Int.max
      for (entry, candidate) in colors.enumerated() {
        let dr = r - Int(candidate.0)
        let dg = g - Int(candidate.1)
        let db = b - Int(candidate.2)
        let distance = dr * dr + dg * dg + db * db
        if distance < bestDistance {
          bestDistance = distance
          best = entry
        }
      }
      lookup[color] = UInt8(best)
    }
  }

  /// The palette entry of each pixel of `pixels` (three bytes each).
  func indices(_ pixels: [UInt8]) -> [UInt8] {
    let count = pixels.count / 3
    return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
      for index in 0..<count {
        out[index] =
          lookup[
            Self.key(pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2])]
      }
      initialized = count
    }
  }

  private static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
    Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
  }

  private static func channel(_ key: Int, _ channel: Int) -> Int {
    key >> (10 - 5 * channel) & 31
  }

  private static func longestChannel(_ box: [Int]) -> Int {
    (0..<3).max { one, other in
      extent(box, one) < extent(box, other)
    } ?? 0
  }

  private static func extent(_ box: [Int], _ index: Int) -> Int {
    var low = 31
    var high = 0
    for color in box {
      let value = channel(color, index)
      low = min(low, value)
      high = max(high, value)
    }
    return high - low
  }
}
