#if canImport(LibCurl)
  /// The transfers handed to the loop and not yet on it, and how many of each server's are on
  /// it: at most `limit` a server, the rest waiting their turn, first come first served.
  ///
  /// Kept by the loop rather than by libcurl (which can queue too) so that a transfer's
  /// timeout counts from when it goes on the wire, not from when it was handed over; and so
  /// that a caller can hand the next transfers over before there is room for them, to start
  /// the moment another ends, in the same turn of the loop, with no wake-up of its thread.
  struct TransferQueue {
    /// The most transfers on the loop to one server at once.
    let limit: Int
    private var waiting: [CurlTransfer] = []
    private var waitingFor: [String: Int] = [:]
    private var onLoop: [String: Int] = [:]

    init(limit: Int) { self.limit = max(1, limit) }

    /// Whether nothing waits.
    var isEmpty: Bool { waiting.isEmpty }

    /// Adds a transfer; returns whether there is room for it on the loop now.
    mutating func add(_ transfer: CurlTransfer) -> Bool {
      let server = transfer.server
      let room = onLoop[server, default: 0] + waitingFor[server, default: 0] < limit
      waiting.append(transfer)
      waitingFor[server, default: 0] += 1
      return room
    }

    /// Whether a waiting transfer has room on the loop.
    var hasStartable: Bool {
      waitingFor.contains { server, count in count > 0 && onLoop[server, default: 0] < limit }
    }

    /// Takes the waiting transfers that have room, in the order they came, counting them on
    /// the loop.
    mutating func takeStartable() -> [CurlTransfer] {
      guard hasStartable else { return [] }
      var taken: [CurlTransfer] = []
      var kept: [CurlTransfer] = []
      for transfer in waiting {
        let server = transfer.server
        if onLoop[server, default: 0] < limit {
          onLoop[server, default: 0] += 1
          waitingFor[server, default: 0] -= 1
          taken.append(transfer)
        } else {
          kept.append(transfer)
        }
      }
      waiting = kept
      return taken
    }

    /// Transfers taken earlier have left the loop: answered, failed or cancelled.
    mutating func left(_ servers: [String]) {
      for server in servers { onLoop[server, default: 1] -= 1 }
    }

  }
#endif
