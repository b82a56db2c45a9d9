extension StringProtocol {
  /// The text without the spaces and tabs at either end (any Unicode space, not line ends),
  /// as Foundation's `trimmingCharacters(in: .whitespaces)` gives it, by the standard
  /// library's character properties alone.
  public func trimmingSpaces() -> String {
    trimming { $0.isWhitespace && !$0.isNewline }
  }

  /// The text without spaces, tabs and line ends at either end.
  public func trimmingWhitespace() -> String {
    trimming(\.isWhitespace)
  }

  private func trimming(_ isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }),
      let last = lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(self[first...last])
  }
}
