import Dispatch

/// Runs blocking file-system calls (an `fsync`, above all) on threads of their own.
///
/// Swift concurrency runs every task on about as many threads as there are cores; a task that
/// waits for the disk holds one of them, and on a small machine that stalls every transfer
/// waiting to be handled. Dispatch adds threads for work queued here as they block.
enum BlockingWork {
  private static let queue = DispatchQueue(label: "rovers.blocking-io", attributes: .concurrent)

  /// Starts `work` on a thread that may block, and returns at once.
  static func start(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }
}
