import Synchronization

/// Values made once by key and kept: what the fixture server hands out never changes, so each
/// answer, picture or list is made the first time it is asked for.
final class Remembered<Value: Sendable>: Sendable {
  private let values = Mutex<[String: Value]>([:])

  /// The value kept for `key`, or the one `make` gives, kept.
  func value(for key: String, make: () -> Value) -> Value {
    if let known = values.withLock({ $0[key] }) { return known }
    let value = make()
    values.withLock { $0[key] = value }
    return value
  }
}
