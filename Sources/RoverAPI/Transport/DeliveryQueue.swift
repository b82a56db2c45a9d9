import Dispatch
import Foundation

/// The queue `URLSession` hands its delegate's callbacks to: serial, bounded, and quick to let
/// go of what it ran.
///
/// FoundationNetworking on Linux queues every piece of a body for the delegate as libcurl
/// receives it, without limit and with no way to pause receiving: from a fast server, pieces
/// pile up in memory faster than a disk takes them. This queue lets at most ``limit``
/// callbacks wait; the next one blocks the thread adding it (libcurl's), which stops reading
/// the sockets until the delegate catches up, so a body of any size costs the same memory.
///
/// The callbacks run on a plain serial `DispatchQueue`, not on the `OperationQueue` machinery
/// underneath: that keeps finished block operations, and the body pieces they captured, long
/// after they ran (1.9 GB of them for a 2 GB body under load), where a dispatch queue frees
/// each as it ends. FoundationNetworking only ever adds closures to its delegate queue.
///
/// Nothing run on this queue may wait for libcurl's queue (`URLSessionTask.cancel()` does),
/// or the two would wait for each other: such calls go to another queue.
final class DeliveryQueue: OperationQueue, @unchecked Sendable {
  // Unchecked: the state added is a semaphore and a dispatch queue, both thread-safe.
  /// How many callbacks may wait: with libcurl's pieces of 16 KiB, about 1 MB.
  static let limit = 64

  private let room = DispatchSemaphore(value: DeliveryQueue.limit)
  private let serial = DispatchQueue(label: "rovers.transfers")

  override init() {
    super.init()
    maxConcurrentOperationCount = 1
    name = "rovers.transfers"
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    room.wait()
    let room = self.room
    serial.async {
      block()
      room.signal()
    }
  }
}
