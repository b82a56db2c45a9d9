import PlainText
import TestSupport
import Testing

/// A server's text made one short line: the same line whether the whole text is read or it
/// stops once the line is known.
struct OneLineTests {
  /// What `OneLine.clean` makes, with every scalar of the text read.
  static func readWhole(_ text: String) -> String {
    var result = ""
    var lastWasSpace = true
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
      } else if !OneLine.isControl(scalar) {
        result.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
    }
    if result.hasSuffix(" ") { result.removeLast() }
    let limit = OneLine.limit
    return result.count > limit ? String(result.prefix(limit - 1)) + "…" : result
  }

  /// Texts of every length around the limit, of letters, spaces, line breaks, control
  /// characters, combining accents, joined emoji and flags (characters of many scalars).
  @Test func aLongTextIsCutWhereReadingItWholeCutsIt() {
    var random = SplitMix(seed: 66)
    let pieces = [
      "a", "b", " ", "  ", "\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{301}", "\u{301}\u{302}",
      "👩‍🚀", "🇫🇷", "\u{1F1EB}", "é", "\u{2028}", "x ", " y",
    ]
    for _ in 0..<400 {
      let count = Int.random(in: 0...700, using: &random)
      let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
      #expect(OneLine.clean(text) == Self.readWhole(text), "\(text.debugDescription)")
    }
    // A space just past the limit, and the text going on after it or not.
    for length in (OneLine.limit - 2)...(OneLine.limit + 3) {
      for tail in ["", " ", " z", "\u{301}", String(repeating: " q", count: 300)] {
        let text = String(repeating: "w", count: length) + " " + tail
        #expect(OneLine.clean(text) == Self.readWhole(text), "\(length) \(tail.prefix(4))")
      }
    }
    let accents = "e" + String(repeating: "\u{301}", count: 5_000) + " end"
    #expect(OneLine.clean(accents) == Self.readWhole(accents))
  }

  /// Short printable lines, which are kept as they come where reading them whole keeps them:
  /// spaces single and inside (a request's summary) are kept, doubled or at an end folded.
  @Test func aShortLineIsKeptWhereReadingItWholeKeepsIt() {
    let texts = [
      "GET https://host/api/v1/rovers/curiosity/photos?sol=1", "GET  x", " GET x", "GET x ",
      "GET\tx", "a b c", " ", "  ", "", "x", "~!", "a\u{7F}b",
    ]
    for text in texts {
      #expect(OneLine.clean(text) == Self.readWhole(text), "\(text.debugDescription)")
    }
  }
}
