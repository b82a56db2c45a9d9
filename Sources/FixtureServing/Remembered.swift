import Synchronization

/// Values made once by key and kept: what the fixture server hands out never changes, so each
/// answer, picture or list is made the first time it is asked for.
///
/// Made once even when asked for at the same moment: a test run starts dozens of servers at
/// once, whose first requests are the same, and each making its own copy was wasted work.
final class Remembered<Value: Sendable>: Sendable {
  /// One key's value, and the lock its maker holds while making it.
  private final class Cell: Sendable {
    let value = Mutex<Value?>(nil)
  }

  private let cells = Mutex<[String: Cell]>([:])

  /// The value kept for `key`, or the one `make` gives, kept. A second caller for the same
  /// key waits for the first one's value rather than making it again.
  func value(for key: String, make: () throws -> Value) rethrows -> Value {
    let cell = cells.withLock { cells in
      if let cell = cells[key] { return cell }
      let cell = Cell()
      cells[key] = cell
      return cell
    }
    return try cell.value.withLock { value in
      if let value { return value }
      let made = try make()
      value = made
      return made
    }
  }
}
