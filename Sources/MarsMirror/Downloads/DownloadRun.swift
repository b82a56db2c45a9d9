import MarsFetching
import Synchronization

/// What the workers of one ``PhotoDownloader`` run share: the next photo to take, the results
/// by photo, and the photos still being put in place, which the run waits for before it ends.
///
/// The workers take photos one after another from here rather than each photo having a task
/// of its own, and a written photo's placing is told here by the thread that placed it: a
/// photo costs no task and no hop between threads but its transfer's own.
final class DownloadRun: Sendable {
  private struct State {
    /// The results as they came, and each one's photo: put in the photos' order at the end,
    /// in place. A result holds its photo whole; a second array of them, one slot a photo,
    /// was the largest thing a run of thousands kept at its end.
    var results: [DownloadResult] = []
    var order: [Int] = []
    let count: Int
    var next = 0
    /// Photos handed to the group commit and not yet placed.
    var placing = 0
    /// The first photo that could not be placed: it ends the run, as any file error does.
    var failure: (any Error)?
    /// Who waits for every photo to be placed.
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state: Mutex<State>
  private let onResult: @Sendable (DownloadResult) -> Void

  /// A run of `count` photos that tells `onResult` of each as it ends.
  init(count: Int, onResult: @escaping @Sendable (DownloadResult) -> Void) {
    var first = State(count: count)
    first.results.reserveCapacity(count)
    first.order.reserveCapacity(count)
    state = Mutex(first)
    self.onResult = onResult
  }

  /// The index of the next photo to fetch, or `nil` when every photo has been taken.
  /// Throws the failure to place an earlier photo: the run ends with it.
  func take() throws -> Int? {
    try state.withLock { state in
      if let failure = state.failure { throw failure }
      guard state.next < state.count else { return nil }
      defer { state.next += 1 }
      return state.next
    }
  }

  /// Keeps the result of photo `index`, and tells of it.
  func record(_ result: DownloadResult, at index: Int) {
    state.withLock { state in
      state.results.append(result)
      state.order.append(index)
    }
    onResult(result)
  }

  /// Counts a photo handed over to be placed, when fewer than `limit` are: each holds an open
  /// file. Returns `false` when the limit is reached: the caller places it itself.
  func startPlacing(limit: Int) -> Bool {
    state.withLock { state in
      guard state.placing < limit else { return false }
      state.placing += 1
      return true
    }
  }

  /// A photo handed over is placed (`result`), or could not be (`nil`, with `failure`).
  func placed(_ outcome: Result<DownloadResult, any Error>, at index: Int) {
    let (waiters, result) = state.withLock { state in
      state.placing -= 1
      var result: DownloadResult?
      switch outcome {
      case .success(let placed):
        state.results.append(placed)
        state.order.append(index)
        result = placed
      case .failure(let error):
        if state.failure == nil { state.failure = error }
      }
      guard state.placing == 0 else { return ([CheckedContinuation<Void, Never>](), result) }
      defer { state.waiters = [] }
      return (state.waiters, result)
    }
    if let result { onResult(result) }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once every photo handed over has been placed or has failed. Not cancellable: a
  /// photo written whole is placed within one batch.
  func allPlaced() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.placing == 0 { return true }
        state.waiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// The first failure to place a photo, if any.
  var failure: (any Error)? { state.withLock { $0.failure } }

  /// The results, in the photos' order; the run keeps none after.
  func takeResults() -> [DownloadResult] {
    // Taken, not copied: the array is this caller's alone, and reordered without a copy.
    var ordered: [DownloadResult] = []
    var order: [Int] = []
    state.withLock { state in
      swap(&ordered, &state.results)
      swap(&order, &state.order)
    }
    Self.permute(&ordered, from: order.indices.sorted { order[$0] < order[$1] })
    return ordered
  }

  /// Puts `values[source[k]]` at `k` for every `k`, in place, following each cycle of the
  /// permutation: no second array of values.
  static func permute<Value>(_ values: inout [Value], from source: [Int]) {
    var done = [Bool](repeating: false, count: values.count)
    for start in values.indices where !done[start] {
      var position = start
      while source[position] != start {
        values.swapAt(position, source[position])
        done[position] = true
        position = source[position]
      }
      done[position] = true
    }
  }
}
