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
  public static func enterRawMode(_ stream: StandardStream) -> TerminalSettings? {
    var settings = termios()
    guard tcgetattr(stream.descriptor, &settings) == 0 else { return nil }
    let saved = settings
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(stream.descriptor, TCSANOW, &settings) == 0 else { return nil }
    return TerminalSettings(saved: saved, descriptor: stream.descriptor)
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

/// read(2), named apart from ``POSIX/read(_:into:_:at:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
