// All of Foundation: URLSession is in it (or in FoundationNetworking, which brings it).
import Foundation
import RoverAPI

/// The queue `URLSession` hands its delegate's callbacks to: it runs each one at once, on the
/// thread that adds it (libcurl's), one at a time.
///
/// FoundationNetworking on Linux queues every piece of a body for the delegate as libcurl
/// receives it, without limit and with no way to pause receiving: from a fast server, pieces
/// pile up in memory faster than a disk takes them. Run where it is added, a callback holds
/// libcurl's thread until the piece is on disk, so libcurl stops reading the sockets while
/// the delegate is busy and a body of any size costs the same memory, as with curl itself.
/// It also saves a thread hop per piece: for thousands of small images, the hops were most of
/// the CPU time.
///
/// Nothing is kept: the `OperationQueue` machinery underneath would hold finished block
/// operations, and the body pieces they captured, long after they ran (1.9 GB of them for a
/// 2 GB body under load). FoundationNetworking only ever adds closures to its delegate queue.
///
/// Nothing run here may wait for libcurl's queue (`URLSessionTask.cancel()` does), since it
/// runs on that queue: such calls go to another queue.
final class DeliveryQueue: OperationQueue, @unchecked Sendable {
  // Unchecked: the state added is a lock, which is thread-safe.
  /// One callback at a time, as a serial queue would run them; recursive, in case
  /// FoundationNetworking adds a callback from inside another.
  private let oneAtATime = NSRecursiveLock()

  override init() {
    super.init()
    maxConcurrentOperationCount = 1
    name = "rovers.transfers"
  }

  override func addOperation(_ block: @escaping @Sendable () -> Void) {
    oneAtATime.withLock { block() }
  }
}
