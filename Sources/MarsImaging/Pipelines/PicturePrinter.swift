import TerminalPictures

/// Prints what ``PhotoDrawing`` draws as it comes, in order: a picture's text at once, a
/// contact sheet's cells a line at a time, and each failure through `failed` where it falls.
package struct PicturePrinter {
  /// Pictures a line: more than one makes a contact sheet.
  package let perLine: Int
  /// Columns a picture.
  package let width: Int
  /// Columns between two cells of a sheet.
  package let gap: Int
  private let output: (String) -> Void
  private let failed: (any Error) -> Void
  private var pending: [ContactSheet.Cell] = []
  /// The failures, in order.
  package private(set) var failures: [any Error] = []

  /// A printer of pictures `width` columns wide, `perLine` a line with `gap` columns between,
  /// that writes with `output` and says each failure with `failed`.
  package init(
    perLine: Int, width: Int, gap: Int, output: @escaping (String) -> Void,
    failed: @escaping (any Error) -> Void
  ) {
    (self.perLine, self.width, self.gap) = (perLine, width, gap)
    self.output = output
    self.failed = failed
  }

  /// Prints one picture, or keeps its cell until its line is whole.
  package mutating func take(_ rendered: Result<PhotoDrawing.Picture, any Error>) {
    switch rendered {
    case .failure(let error):
      failed(error)
      failures.append(error)
    case .success(let picture):
      guard let cell = picture.cell else { return output(picture.text) }
      pending.append(cell)
      if pending.count == perLine { flush() }
    }
  }

  /// Prints the cells of a last line that is not whole.
  package mutating func finish() {
    if !pending.isEmpty { flush() }
  }

  private mutating func flush() {
    output(ContactSheet.line(pending, width: width, gap: gap))
    pending = []
  }
}
