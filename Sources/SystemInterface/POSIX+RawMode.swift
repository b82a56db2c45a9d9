#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// A terminal's settings as they were, to put back.
  public struct TerminalSettings: @unchecked Sendable {
    // Unchecked: a plain C struct, copied, never shared mutable.
    fileprivate var saved: termios
    fileprivate var descriptor: Int32
  }

  /// Puts the terminal on `stream` in raw mode (no echo, no line editing, reads return at
  /// once) and gives what to restore; `nil` when it is not a terminal.
  ///
  /// Ctrl-C and Ctrl-Z still send their signals. `keys` also hands over what the terminal
  /// would otherwise keep for itself (Ctrl-S, Ctrl-Q, Ctrl-V, and Enter as a carriage return),
  /// as a full-screen program wants.
  public static func enterRawMode(_ stream: StandardStream, keys: Bool = false)
    -> TerminalSettings?
  {
    var settings = termios()
    guard tcgetattr(stream.descriptor, &settings) == 0 else { return nil }
    let saved = settings
    makeRaw(&settings, keys: keys)
    guard tcsetattr(stream.descriptor, TCSANOW, &settings) == 0 else { return nil }
    return TerminalSettings(saved: saved, descriptor: stream.descriptor)
  }

  /// Puts the terminal on `stream` back in raw mode if something turned line editing on
  /// again, keeping what ``enterRawMode(_:keys:)`` saved as the settings to restore; true
  /// when it had to.
  @discardableResult
  public static func keepRawMode(_ stream: StandardStream, keys: Bool) -> Bool {
    var settings = termios()
    guard tcgetattr(stream.descriptor, &settings) == 0,
      settings.c_lflag & tcflag_t(ICANON | ECHO) != 0
    else { return false }
    makeRaw(&settings, keys: keys)
    return tcsetattr(stream.descriptor, TCSANOW, &settings) == 0
  }

  /// Raw mode: no line editing, no echo, reads that return at once.
  private static func makeRaw(_ settings: inout termios, keys: Bool) {
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    if keys {
      settings.c_lflag &= ~tcflag_t(IEXTEN)
      settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
    }
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
  }

  /// Puts the terminal's settings back.
  public static func restore(_ settings: TerminalSettings) {
    var saved = settings.saved
    _ = tcsetattr(settings.descriptor, TCSANOW, &saved)
  }

  /// The bytes waiting on `stream`, waiting at most `milliseconds` for the first; empty when
  /// none came.
  public static func readWaiting(_ stream: StandardStream, milliseconds: Int) -> [UInt8] {
    var descriptor = pollfd(fd: stream.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(milliseconds)) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes {
      systemRead(stream.descriptor, $0.baseAddress, 4096)
    }
    return count > 0 ? Array(buffer[0..<count]) : []
  }

  /// The terminal's size in cells and, when it says, in pixels.
  public static func windowSize(of stream: StandardStream) -> (
    columns: Int, rows: Int, width: Int, height: Int
  )? {
    var size = winsize()
    guard ioctl(stream.descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row), Int(size.ws_xpixel), Int(size.ws_ypixel))
  }
}

extension POSIX {
  /// Writes every byte to `stream`, going on after a signal or a short write; false when the
  /// stream fails.
  public static func writeAll(_ stream: StandardStream, _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        systemWrite(stream.descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += written
    }
    return true
  }
}

/// write(2), named apart from ``POSIX/write(_:_:_:)``.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// read(2), named apart from ``POSIX/read(_:into:_:at:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
