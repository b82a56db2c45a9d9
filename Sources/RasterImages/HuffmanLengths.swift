/// Huffman code lengths no longer than a limit, and the canonical codes deflate builds from
/// them (RFC 1951, 3.2.2).
enum HuffmanLengths {
  /// The code length of each symbol for these frequencies: 0 for an unused symbol, at most
  /// `limit` for the others. Built as a Huffman tree (two queues over the sorted leaves); when
  /// the tree is deeper than the limit, the deepest codes are cut to it and codes just short of
  /// it are lengthened one at a time until the lengths form a code again (Kraft's sum is 1).
  static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: frequencies.count)
    let used = frequencies.indices.filter { frequencies[$0] > 0 }
      .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
    guard used.count > 1 else {
      if let only = used.first { lengths[only] = 1 }
      return lengths
    }
    // Nodes: the leaves first, then the internal nodes in the order they are made.
    var weight = used.map { frequencies[$0] }
    var parent = [Int](repeating: -1, count: used.count * 2 - 1)
    weight.reserveCapacity(parent.count)
    var nextLeaf = 0
    var nextInner = used.count
    func takeLightest() -> Int {
      if nextLeaf < used.count, nextInner >= weight.count || weight[nextLeaf] <= weight[nextInner] {
        nextLeaf += 1
        return nextLeaf - 1
      }
      nextInner += 1
      return nextInner - 1
    }
    for _ in 0..<(used.count - 1) {
      let first = takeLightest()
      let second = takeLightest()
      parent[first] = weight.count
      parent[second] = weight.count
      weight.append(weight[first] + weight[second])
    }
    // Depths from the root (the last node) down: a parent is always made after its children.
    var depth = [Int](repeating: 0, count: parent.count)
    for node in stride(from: parent.count - 2, through: 0, by: -1) {
      depth[node] = depth[parent[node]] + 1
    }
    for (leaf, symbol) in used.enumerated() { lengths[symbol] = UInt8(min(depth[leaf], limit)) }
    guard depth[0..<used.count].contains(where: { $0 > limit }) else { return lengths }
    // Kraft's sum in units of 2^-limit: over 2^limit means too many short codes, under it a
    // code with holes, which inflate refuses as it does an over-full one.
    let full = 1 << limit
    var kraft = used.reduce(0) { $0 + 1 << (limit - Int(lengths[$1])) }
    while kraft > full {
      // The least frequent symbol among the longest codes still below the limit.
      let longest = used.filter { lengths[$0] < limit }.map { lengths[$0] }.max() ?? 0
      guard let symbol = used.first(where: { lengths[$0] == longest }) else { break }
      lengths[symbol] += 1
      kraft -= 1 << (limit - Int(lengths[symbol]))
    }
    // Then the holes are filled: the most frequent symbol among the longest codes whose
    // shortening still fits is made a bit shorter, until the sum is exactly whole.
    while kraft < full {
      let fitting = used.filter {
        lengths[$0] > 1 && kraft + 1 << (limit - Int(lengths[$0])) <= full
      }
      guard let longest = fitting.map({ lengths[$0] }).max(),
        let symbol = fitting.last(where: { lengths[$0] == longest })
      else { break }
      kraft += 1 << (limit - Int(lengths[symbol]))
      lengths[symbol] -= 1
    }
    return lengths
  }

  /// The canonical codes of these lengths, bit-reversed for writing least significant first.
  static func codes(_ lengths: [UInt8]) -> [UInt32] {
    let longest = Int(lengths.max() ?? 0)
    var perLength = [Int](repeating: 0, count: longest + 1)
    for length in lengths where length > 0 { perLength[Int(length)] += 1 }
    var next = [UInt32](repeating: 0, count: longest + 2)
    var code: UInt32 = 0
    if longest > 0 {
      for bits in 1...longest {
        code = (code + UInt32(perLength[bits - 1])) << 1
        next[bits] = code
      }
    }
    return lengths.map { length in
      guard length > 0 else { return 0 }
      let code = next[Int(length)]
      next[Int(length)] += 1
      var reversed: UInt32 = 0
      for bit in 0..<Int(length) {
        reversed |= (code >> UInt32(bit) & 1) << UInt32(Int(length) - 1 - bit)
      }
      return reversed
    }
  }
}
