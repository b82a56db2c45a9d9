import Dispatch
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The terminal taken over by a full-screen program, and always given back as it was.
///
/// Taking it: raw mode (keys one by one, no echo; Ctrl-C and Ctrl-Z still signal), the
/// alternate screen, the cursor hidden, no wrapping at the right edge. Giving it back undoes
/// all four, and is done on ``restore()``, on Ctrl-Z before the process stops (it takes the
/// terminal again on `fg`), and by ``restoreActive()``, which the program calls on its way out
/// however it ends. Keys are read on a thread of their own and, with resizes, reported to
/// `onEvent`.
public final class TerminalSession: Sendable {
  /// The session that has the terminal, for ``restoreActive()``.
  private static let active = Mutex<TerminalSession?>(nil)

  private struct State {
    /// The settings to give back, while the session has the terminal.
    var saved: POSIX.TerminalSettings?
    /// The settings the terminal had when the session began: what every give-back restores,
    /// whatever a shell left when it continued the program.
    var original: POSIX.TerminalSettings?
    var reading = false
  }

  private let state = Mutex(State())
  private let stopped = Atomic(false)
  private let onEvent: @Sendable (TerminalEvent) -> Void
  // Kept only so the sources live as long as the session; cancelled once, at the end.
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []
  private let readerDone = DispatchSemaphore(value: 0)

  /// How long after `fg` the screen is drawn whole a second time.
  static let settleTime = 0.2

  /// How long a lone Escape waits for the rest of a sequence before it counts as the key.
  static let escapeWait = 30

  private init(onEvent: @escaping @Sendable (TerminalEvent) -> Void) {
    self.onEvent = onEvent
  }

  /// Takes the terminal on stdin and stdout, or `nil` when either is not a terminal.
  public static func start(onEvent: @escaping @Sendable (TerminalEvent) -> Void)
    -> TerminalSession?
  {
    guard POSIX.isTerminal(.input), POSIX.isTerminal(.output) else { return nil }
    let session = TerminalSession(onEvent: onEvent)
    guard session.take() else { return nil }
    active.withLock { $0 = session }
    session.watchSignals()
    session.startReading()
    return session
  }

  /// The window's size in columns and rows; 80 × 24 when the terminal does not say.
  public var size: (columns: Int, rows: Int) {
    guard let size = POSIX.windowSize(of: .output), size.rows > 0 else { return (80, 24) }
    return (size.columns, size.rows)
  }

  /// Sends bytes to the terminal.
  public func write(_ text: String) {
    guard !text.isEmpty else { return }
    _ = POSIX.writeAll(.output, text)
  }

  /// Gives the terminal back and stops reading keys; the session is over.
  public func restore() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    for source in sources { source.cancel() }
    POSIX.restoreDefault(.windowChange)
    POSIX.restoreDefault(.terminalStop)
    giveBack()
    // The reader polls in short steps: it sees the flag and ends, so no read of it takes a
    // key meant for the shell.
    if state.withLock({ $0.reading }) { readerDone.wait() }
    Self.active.withLock { if $0 === self { $0 = nil } }
  }

  /// Gives the terminal back from whatever session has it: for a process on its way out by a
  /// path that skips the session's own end (a second Ctrl-C, SIGQUIT, a watchdog).
  public static func restoreActive() {
    active.withLock { $0 }?.giveBack()
  }

  /// Raw mode and the alternate screen.
  private func take() -> Bool {
    guard let saved = POSIX.enterRawMode(.input, keys: true) else { return false }
    state.withLock { state in
      state.original = state.original ?? saved
      state.saved = state.original
    }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J")
    return true
  }

  /// The screen and the settings as they were.
  private func giveBack() {
    guard
      let saved = state.withLock({ state -> POSIX.TerminalSettings? in
        defer { state.saved = nil }
        return state.saved
      })
    else { return }
    write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    POSIX.restore(saved)
  }

  /// Resizes redraw; Ctrl-Z gives the terminal back, stops, and takes it again on `fg`.
  private func watchSignals() {
    let onEvent = self.onEvent
    sources = [
      POSIX.watch(.windowChange) { [weak self] in
        guard let self else { return }
        let size = self.size
        onEvent(.resized(columns: size.columns, rows: size.rows))
      },
      POSIX.watch(.terminalStop) { [weak self] in
        guard let self, !self.stopped.load(ordering: .acquiring) else { return }
        self.giveBack()
        POSIX.stopProcess()
        // Continued: the shell had the terminal meanwhile, and may have changed its size.
        guard !self.stopped.load(ordering: .acquiring), self.take() else { return }
        onEvent(.resumed)
        // A shell may still be writing its own lines as it hands over: once more, whole,
        // when it has surely done.
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.settleTime) {
          if !self.stopped.load(ordering: .acquiring) { onEvent(.resumed) }
        }
      },
    ]
  }

  /// Reads keys on a thread of its own until the session is over.
  private func startReading() {
    state.withLock { $0.reading = true }
    let read: @Sendable () -> Void = { [self] in
      var decoder = KeyDecoder()
      while !stopped.load(ordering: .acquiring) {
        let bytes = POSIX.readWaiting(.input, milliseconds: 100)
        // A shell continuing the program with `fg` may set its own modes just after the
        // program took the terminal again: raw mode is checked and put back while idle.
        // Whatever it wrote meanwhile is drawn over: the screen is drawn whole again.
        if bytes.isEmpty, state.withLock({ $0.saved != nil }),
          POSIX.keepRawMode(.input, keys: true)
        {
          write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
          onEvent(.resumed)
        }
        var keys = decoder.keys(from: bytes)
        if decoder.hasPending {
          let more = POSIX.readWaiting(.input, milliseconds: Self.escapeWait)
          keys += more.isEmpty ? decoder.flush() : decoder.keys(from: more)
        }
        for key in keys where !stopped.load(ordering: .acquiring) { onEvent(.key(key)) }
      }
      readerDone.signal()
    }
    // Read here instead, the loop would hold the caller until the session ends: as for the
    // network's loop, only a process out of threads ends here.
    let started = POSIX.startThread(named: "rovers keys", read)
    precondition(started, "no thread could be started for the terminal's keys")
  }
}
