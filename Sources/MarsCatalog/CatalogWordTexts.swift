/// Where a word of a text search (`--text`) can be, sorted out once from the `texts` table
/// (``CatalogText``), so that most photos are tested by their title's and caption's numbers
/// rather than by writing both back: writing back the templates of a million photos took
/// seven seconds a search.
///
/// A template's text between its marks is in every photo's copy as it is; what a mark writes
/// is the photo's own (its sol, time, day or local time). A word (never blank) found between
/// the marks is in every photo of the text (``certain``). A word that could fall on what a
/// mark writes is looked for in each photo's own copy (``possible``). What a mark writes is
/// known from the words a feed's well-formed time makes: digits, `-`, `:`, `.`, `,` and
/// spaces, a month's name (`Aug.`, `March`), or the mark itself where its field is absent. A
/// photo whose time is not written as feeds write it can make anything of its time's marks,
/// so those photos are looked at whole too (``timed``).
struct CatalogWordTexts: Equatable {
  /// Texts that hold the word in what every photo's copy shares.
  var certain: [Int] = []
  /// Templates whose marks may write the word: each photo of one is looked at whole.
  var possible: [Int] = []
  /// Templates that write the photo's time, where it may not be well formed.
  var timed: [Int] = []

  /// One of the `texts` table's rows: its number, its text as SQLite's `lower` makes it, and
  /// whether it is a template.
  struct Text {
    var id: Int
    var lowered: [UInt8]
    var templated: Bool
  }

  /// Where `word` (lower-cased) can be among `texts`.
  init(word: String, texts: [Text]) {
    let word = Array(word.utf8)
    for text in texts {
      switch Self.place(of: word, in: text) {
      case .certain: certain.append(text.id)
      case .possible: possible.append(text.id)
      case .timed: timed.append(text.id)
      case nil: break
      }
    }
  }

  private enum Place { case certain, possible, timed }

  private typealias Mark = CatalogText.Fields.Mark
  /// The marks by their names, as a template writes each between braces.
  private static let marksByName = Dictionary(
    uniqueKeysWithValues: Mark.allCases.map { (Array($0.rawValue.utf8), $0) })
  /// What a mark writes besides letters of a month and the mark itself (spaces are never in
  /// a word).
  private static let written = Set("0123456789-:.,{}".utf8)
  /// The months as `{day}` writes them, lower-cased, without their full stops.
  private static let months: [[UInt8]] = CatalogText.Fields.months.map {
    Array($0.lowercased().utf8.filter { $0 != UInt8(ascii: ".") })
  }

  private static func place(of word: [UInt8], in text: Text) -> Place? {
    guard text.templated else { return text.lowered.contains(word) ? .certain : nil }
    // The text between the marks, and each mark's name with the text just before it.
    var between: [[UInt8]] = [[]]
    var marks: [(mark: Mark, before: [UInt8])] = []
    var index = 0
    let bytes = text.lowered
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "{"),
        let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
        let mark = marksByName[Array(bytes[(index + 1)..<close])]
      {
        marks.append((mark, between[between.count - 1]))
        between.append([])
        index = close + 1
      } else {
        between[between.count - 1].append(bytes[index])
        index += 1
      }
    }
    if between.contains(where: { $0.contains(word) }) { return .certain }
    guard !marks.isEmpty else { return nil }
    let couldBeWritten =
      word.contains(where: written.contains)
      || marks.contains { Array($0.mark.rawValue.utf8).contains(word) }
      || marks.contains { mark in
        // A month's name, or the end of the text before `{day}` and the start of a month's.
        mark.mark == .day
          && months.contains { month in
            month.contains(word)
              || (1..<word.count).contains { split in
                mark.before.ends(with: word[..<split]) && month.starts(with: word[split...])
              }
          }
      }
    if couldBeWritten { return .possible }
    return marks.contains { [.utc, .day].contains($0.mark) } ? .timed : nil
  }
}

extension Array where Element == UInt8 {
  /// Whether `part` is in these bytes, as SQLite's `instr` finds it.
  fileprivate func contains(_ part: [UInt8]) -> Bool {
    guard !part.isEmpty else { return true }
    guard part.count <= count else { return false }
    return (0...(count - part.count)).contains { start in
      self[start..<(start + part.count)].elementsEqual(part)
    }
  }

  /// Whether these bytes end with `part`.
  fileprivate func ends(with part: ArraySlice<UInt8>) -> Bool {
    count >= part.count && self[(count - part.count)...].elementsEqual(part)
  }
}
