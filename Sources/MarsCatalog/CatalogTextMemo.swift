/// The titles and captions of one listing, read by their numbers in `texts` and written back
/// from their templates: a listing's photos share a few texts, so each is read from the file
/// once, not joined to every row, and one that holds no mark but `{sol}` is written back once
/// a sol.
struct CatalogTextMemo {
  /// One row of `texts`, and its text for the last sol it was written for.
  private struct Entry {
    let text: String
    let templated: Bool
    /// Whether its only mark is `{sol}`: else its text differs from photo to photo, and is
    /// not kept.
    let marksOnlySol: Bool
    var written: (sol: Int, text: String)?
  }

  /// Reads row `number` of `texts`: its text and whether it is a template.
  private let read: (Int) throws -> (text: String, templated: Bool)?
  private var entries: [Int: Entry] = [:]

  /// A memo that reads the rows it has not seen with `read`.
  init(read: @escaping (Int) throws -> (text: String, templated: Bool)?) {
    self.read = read
  }

  /// The text row `number` of `texts` stands for, for `fields`; `nil` without such a row.
  mutating func text(_ number: Int, _ fields: CatalogText.Fields) throws -> String? {
    var entry: Entry
    if let known = entries[number] {
      entry = known
    } else {
      guard let row = try read(number) else { return nil }
      entry = Entry(
        text: row.text, templated: row.templated,
        marksOnlySol: row.templated && CatalogText.marksOnlySol(row.text))
    }
    defer { entries[number] = entry }
    guard entry.templated else { return entry.text }
    if let written = entry.written, written.sol == fields.sol { return written.text }
    let text = CatalogText.rebuild(entry.text, fields)
    if entry.marksOnlySol { entry.written = (fields.sol, text) }
    return text
  }
}
