import Synchronization

/// What each band of a picture worked on by its own core made, kept by the band's number and
/// handed back in order.
final class BandResults<Value: Sendable>: Sendable {
  private let results: Mutex<[Value?]>

  /// Room for `count` bands.
  init(count: Int) { results = Mutex([Value?](repeating: nil, count: count)) }

  /// Keeps band `index`'s result.
  func keep(_ value: Value, at index: Int) { results.withLock { $0[index] = value } }

  /// Every band's result, in band order (those that kept none left out).
  var all: [Value] { results.withLock { $0.compactMap { $0 } } }
}
