/// Finds the nearest known word to a mistyped one, for "Did you mean …?".
public enum Suggestion {
  /// The candidate closest to `word` by edit distance, if it is close enough to be a typo:
  /// at most two edits, and fewer than half the word's length.
  public static func nearest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { (candidate: $0, distance: distance(word, $0)) }
    guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
    let limit = min(2, max(1, word.count / 2))
    return best.distance <= limit ? best.candidate : nil
  }

  /// The candidates `word` may have meant: those it begins (`opp` for `opportunity`, `navcam`
  /// for `NAVCAM_LEFT` and `NAVCAM_RIGHT`), at most three, else the nearest by edit distance.
  public static func matches(to word: String, in candidates: [String]) -> [String] {
    let typed = word.lowercased()
    if typed.count >= 2 {
      let started = candidates.filter {
        let name = $0.lowercased()
        return name.count > typed.count && name.hasPrefix(typed)
      }
      if !started.isEmpty { return Array(started.prefix(3)) }
    }
    return nearest(to: word, in: candidates).map { [$0] } ?? []
  }

  /// ` Did you mean 'a'?` or ` Did you mean 'a' or 'b'?`, to end a message; empty when
  /// nothing is near.
  public static func hint(for word: String, in candidates: [String]) -> String {
    let quoted = matches(to: word, in: candidates).map { "'\($0)'" }
    guard let last = quoted.last else { return "" }
    let list = quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
    return " Did you mean \(list)?"
  }

  /// Levenshtein distance, ignoring case.
  public static func distance(_ a: String, _ b: String) -> Int {
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
