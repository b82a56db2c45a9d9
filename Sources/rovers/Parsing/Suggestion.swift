/// Finds the nearest known word to a mistyped one, for "Did you mean …?".
enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a typo:
  /// at most two edits, and fewer than half the word's length.
  static func nearest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { (candidate: $0, distance: distance(word, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    let limit = min(2, max(1, word.count / 2))
    return best.distance <= limit ? best.candidate : nil
  }

  /// Levenshtein distance, ignoring case.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      previous = current
    }
    return previous[b.count]
  }
}
