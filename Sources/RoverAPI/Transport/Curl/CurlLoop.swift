#if canImport(LibCurl)
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif
  import Dispatch
  import LibCurl
  import Synchronization
  import SystemInterface

  /// libcurl's multi interface on a thread of its own: one event loop for every transfer of a
  /// transport, as the `curl` tool runs `--parallel`, reusing connections and multiplexing
  /// HTTP/2 streams where the server offers them.
  ///
  /// libcurl is driven by its socket interface: the loop waits on the sockets libcurl names
  /// (``CurlEvents``) and tells it which is ready, so a turn costs what is ready, not what is
  /// in flight. Callers hand transfers in through a locked inbox and wake the loop through a
  /// pipe of its own. At most
  /// `maxConnectionsPerHost` transfers to one server are on the loop; the rest wait in the
  /// inbox's ``TransferQueue`` and go on in the turn that frees their room, without a
  /// wake-up. The thread starts with the first transfer and leaves once nothing has been in
  /// flight for a while, or at once after ``finish()``; the next transfer starts it again.
  /// Connections stay with the multi handle in between, until the loop itself goes.
  ///
  /// The loop is a task executor too: the jobs of tasks that prefer it come through the inbox
  /// and run on its thread at the end of a turn. A download's workers run there, so a
  /// transfer's end resumes its worker in the turn it ended in, which hands over the next
  /// transfer, as `curl` goes on to its next one, without waking another thread for it
  /// (5,000 images: 14k futex calls before, 1.6k after). What a worker does between two
  /// transfers (a temporary file made, a photo handed to the group commit) is short and never
  /// waits for the loop.
  final class CurlLoop: TaskExecutor {
    /// What a caller does for the thread to see what it added to the inbox.
    private enum Call {
      case nothing, wake, startThread
    }

    private struct Inbox {
      var queue: TransferQueue
      var stopping: [CurlTransfer] = []
      /// The jobs of tasks that run on the loop's thread (``CurlLoop`` as their executor).
      var jobs: [UnownedJob] = []
      /// Whether the thread is running: it alone touches the multi handle while it is.
      var running = false
      /// The transport's user is done with it: the thread leaves as soon as it is idle.
      var finishing = false
      /// Whether the thread will look at the inbox again before it next waits: it is in a
      /// turn, or a wake-up was sent that it has not yet answered. What joins the inbox
      /// meanwhile rides on that, which saves a wake-up (a write and a read on the pipe, and a
      /// turn of the loop) per request.
      var wakeOwed = false

      /// Records that the thread must see what was just added; returns what to do for it.
      mutating func call() -> Call {
        guard running else {
          running = true
          return .startThread
        }
        guard !wakeOwed else { return .nothing }
        wakeOwed = true
        return .wake
      }
    }

    /// How long the thread waits, idle, for another transfer before it leaves: long enough
    /// for the gap between a list and the images it names.
    private static let linger: Duration = .seconds(2)

    /// The most transfers on the loop to one server at once.
    let maxConnectionsPerHost: Int
    private let multi: MultiHandle?
    private let inbox: Mutex<Inbox>
    private let events = CurlEvents()
    /// The pipe callers write to, to wake the loop's thread from its wait.
    private let wakePipe: (read: Int32, write: Int32)?

    /// A loop allowing `maxConnectionsPerHost` transfers to one server at once; further
    /// transfers to it wait in the loop's queue for one to end.
    init(maxConnectionsPerHost: Int) {
      self.maxConnectionsPerHost = max(1, maxConnectionsPerHost)
      inbox = Mutex(Inbox(queue: TransferQueue(limit: maxConnectionsPerHost)))
      wakePipe = POSIX.makeWakePipe()
      guard CurlLibrary.isReady, wakePipe != nil, let handle = rovers_curl_multi_init() else {
        multi = nil
        return
      }
      guard events.install(on: handle) else {
        rovers_curl_multi_cleanup(handle)
        multi = nil
        return
      }
      rovers_curl_multi_set_long(handle, CurlMultiOption.pipelining.rawValue, CurlValue.multiplex)
      rovers_curl_multi_set_long(
        handle, CurlMultiOption.maxHostConnections.rawValue, self.maxConnectionsPerHost)
      multi = MultiHandle(pointer: handle)
    }

    deinit {
      // No thread is running: a running one holds the loop.
      if let multi { rovers_curl_multi_cleanup(multi.pointer) }
      if let wakePipe {
        POSIX.close(wakePipe.read)
        POSIX.close(wakePipe.write)
      }
    }

    /// Whether libcurl started, so the loop can run transfers and jobs.
    var isRunnable: Bool { multi != nil }

    /// Hands the transfer to the loop, starting its thread if need be.
    func start(_ transfer: CurlTransfer) {
      guard let multi else {
        return transfer.finish(.failure(TransportError.other("libcurl could not be started")))
      }
      let call = inbox.withLock { inbox in
        let room = inbox.queue.add(transfer)
        // Without room it goes on when another ends, a turn the thread makes anyway.
        return room || !inbox.running ? inbox.call() : .nothing
      }
      answer(call, multi)
    }

    /// Runs a job on the loop's thread, in its next turn.
    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      guard let multi else {
        // No loop to run it: a transport without libcurl offers no executor; this is a guard.
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
        return
      }
      let call = inbox.withLock { inbox in
        inbox.jobs.append(job)
        return inbox.call()
      }
      answer(call, multi)
    }

    private func answer(_ call: Call, _ multi: MultiHandle) {
      switch call {
      case .nothing: break
      case .wake: wake()
      case .startThread:
        // The loop is also the executor its transfers' tasks run on: it cannot run on a
        // caller's thread instead. Only a process out of threads ends here.
        let started = POSIX.startThread(named: "rovers.curl") { self.run(multi.pointer) }
        precondition(started, "no thread could be started for the network")
      }
    }

    /// Takes a cancelled transfer off the loop, closing its connection, so a server that
    /// keeps sending is not read on.
    func stop(_ transfer: CurlTransfer) {
      guard multi != nil else { return }
      let wake = inbox.withLock { inbox in
        guard inbox.running else { return false }
        inbox.stopping.append(transfer)
        defer { inbox.wakeOwed = true }
        return !inbox.wakeOwed
      }
      if wake { self.wake() }
    }

    /// The transport is done with: the thread leaves once nothing is in flight.
    func finish() {
      guard multi != nil else { return }
      let wake = inbox.withLock { inbox in
        inbox.finishing = true
        inbox.wakeOwed = inbox.running
        return inbox.running
      }
      if wake { self.wake() }
    }

    /// Wakes the loop's thread from its wait.
    private func wake() {
      if let wakePipe { POSIX.wake(wakePipe.write) }
    }

    /// The thread's loop: takes what the inbox holds, lets libcurl move on the transfers of
    /// the sockets that are ready and those whose timer is due, hands each finished one its
    /// result, and waits for sockets, the timer or a wake-up.
    private func run(_ multi: OpaquePointer) {
      guard let wakePipe else { return }
      var handles = CurlHandles(multi: multi)
      var idleSince: ContinuousClock.Instant?
      // The servers of the transfers that left the loop this turn.
      var left: [String] = []
      var ready: [POSIX.SocketReadiness] = []
      while true {
        let (starting, stopping) = inbox.withLock { inbox in
          inbox.wakeOwed = true
          defer { inbox.stopping = [] }
          return (inbox.queue.takeStartable(), inbox.stopping)
        }
        for transfer in stopping where handles.detach(transfer) { left.append(transfer.server) }
        for transfer in starting where !handles.attach(transfer) { left.append(transfer.server) }
        var running: Int32 = 0
        for socket in ready {
          let what =
            (socket.readable ? CurlSocket.readable : 0)
            | (socket.writable ? CurlSocket.writable : 0)
            | (socket.failed ? CurlSocket.failed : 0)
          rovers_curl_multi_socket_action(multi, socket.fd, what, &running)
        }
        ready = []
        // A transfer just added is due at once: libcurl starts it here.
        if events.takeDue() {
          rovers_curl_multi_socket_action(multi, CurlSocket.timeout, 0, &running)
        }
        // The tasks resumed since: after the transfers that could start have gone on the
        // wire, so that the next requests do not wait on what the tasks do.
        runJobs()
        var handle: OpaquePointer?
        var result: Int32 = 0
        while rovers_curl_multi_next_done(multi, &handle, &result) != 0, let done = handle {
          if let transfer = handles.end(done, result: result) { left.append(transfer.server) }
        }
        // What waited for the room just freed goes on in this turn, as `curl` starts its
        // next transfer in the turn one ends, rather than after the next wait.
        inbox.withLock { $0.queue.left(left) }
        left = []
        let busy = inbox.withLock { inbox in
          let busy = inbox.queue.hasStartable || !inbox.stopping.isEmpty || !inbox.jobs.isEmpty
          // From here a caller wakes the thread: it is about to wait.
          if !busy { inbox.wakeOwed = false }
          return busy
        }
        if busy { continue }
        var wait = Int32(1000)
        if handles.isEmpty {
          let now = ContinuousClock.now
          let since = idleSince ?? now
          idleSince = since
          if leaves(idleFor: now - since, letting: &handles) { return }
          wait = Int32(Self.linger.components.seconds * 1000)
        } else {
          idleSince = nil
        }
        ready =
          POSIX.wait(
            for: events.watched, orWake: wakePipe.read,
            milliseconds: events.waitMilliseconds(atMost: wait)
          ).ready
      }
    }

    /// Runs the jobs that came since the last turn: tasks resumed by the transfers that ended
    /// in it, mostly, which then hand over their next ones.
    private func runJobs() {
      let executor = asUnownedTaskExecutor()
      let jobs = inbox.withLock { inbox in
        defer { inbox.jobs = [] }
        return inbox.jobs
      }
      for job in jobs { job.runSynchronously(on: executor) }
    }

    /// Whether the idle thread leaves now: finished with, or idle past the linger, and nothing
    /// waiting. The spare handles go first: once the inbox says the thread is not running,
    /// another may start and use the multi handle.
    private func leaves(idleFor idle: Duration, letting handles: inout CurlHandles) -> Bool {
      inbox.withLock { inbox in
        guard inbox.queue.isEmpty, inbox.jobs.isEmpty, inbox.finishing || idle >= Self.linger
        else { return false }
        handles.removeSpares()
        inbox.running = false
        inbox.stopping = []
        inbox.wakeOwed = false
        return true
      }
    }
  }

  /// libcurl's multi handle, passed between threads: the loop's thread alone uses it while it
  /// runs, and other threads only wake it, through the loop's pipe.
  private struct MultiHandle: @unchecked Sendable {
    let pointer: OpaquePointer
  }
#endif
