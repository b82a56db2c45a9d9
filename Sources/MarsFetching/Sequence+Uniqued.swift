extension Sequence where Element: Hashable {
  /// The elements in order, each only the first time it comes: a rover or camera typed twice
  /// is asked for once.
  public func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
