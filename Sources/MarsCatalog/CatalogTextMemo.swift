/// The titles and captions of one listing written back from their templates, each remembered
/// for its sol where the template holds no mark but `{sol}`: a sol's photos share a few
/// texts, which are then made once, not once a photo.
struct CatalogTextMemo {
  /// Each template's text for the last sol it was written for; `nil` for a template that
  /// holds other marks (its text differs from photo to photo).
  private var bySol: [String: (sol: Int, text: String)?] = [:]

  /// The text `template` stands for, for `fields`.
  mutating func text(_ template: String, _ fields: CatalogText.Fields) -> String {
    switch bySol[template] {
    case let remembered?? where remembered.sol == fields.sol:
      return remembered.text
    case .some(nil):
      return CatalogText.rebuild(template, fields)
    default:
      let text = CatalogText.rebuild(template, fields)
      // Kept as "other marks" too (not left out), so a template is looked at once.
      let remembered: (sol: Int, text: String)? =
        Self.marksOnlySol(template) ? (fields.sol, text) : nil
      bySol[template] = .some(remembered)
      return text
    }
  }

  /// Whether every `{…}` of `template` is `{sol}`.
  private static func marksOnlySol(_ template: String) -> Bool {
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      guard rest[open...].hasPrefix("{sol}") else { return false }
      rest = rest[rest.index(after: open)...]
    }
    return true
  }
}
