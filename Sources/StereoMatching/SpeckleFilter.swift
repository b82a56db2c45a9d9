/// Small islands of disparity dropped: a region of neighbouring pixels (4-connected) whose
/// disparities step by no more than `step` from one to the next, smaller than a size, is
/// most often a mismatch where the texture repeats or fades, as OpenCV's
/// `filterSpeckles` finds.
enum SpeckleFilter {
  /// Drops from `map` every region smaller than `size` pixels.
  static func remove(from map: inout DisparityMap, smallerThan size: Int, step: Float) {
    guard size > 1 else { return }
    let (width, height) = (map.width, map.height)
    var seen = [Bool](repeating: false, count: width * height)
    var region: [Int] = []
    var stack: [Int] = []
    for start in 0..<(width * height) where !seen[start] && map.values[start] != nil {
      region.removeAll(keepingCapacity: true)
      stack.append(start)
      seen[start] = true
      while let index = stack.popLast() {
        region.append(index)
        guard let value = map.values[index] else { continue }
        // A neighbour of a like disparity not yet reached joins the region.
        func reach(_ next: Int) {
          guard !seen[next], let other = map.values[next], abs(other - value) <= step else {
            return
          }
          seen[next] = true
          stack.append(next)
        }
        let x = index % width
        if x > 0 { reach(index - 1) }
        if x + 1 < width { reach(index + 1) }
        if index >= width { reach(index - width) }
        if index + width < width * height { reach(index + width) }
      }
      if region.count < size {
        for index in region { map.values[index] = nil }
      }
    }
  }
}
