#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// The process's standard streams.
  public enum StandardStream: Sendable, CaseIterable {
    case input, output, error

    /// The stream's descriptor.
    public var descriptor: Int32 {
      switch self {
      case .input: STDIN_FILENO
      case .output: STDOUT_FILENO
      case .error: STDERR_FILENO
      }
    }
  }

  /// Whether the stream is a terminal.
  public static func isTerminal(_ stream: StandardStream) -> Bool {
    isatty(stream.descriptor) == 1
  }

  /// The width of the terminal the stream is, in columns; `nil` when it is none.
  public static func columns(of stream: StandardStream) -> Int? {
    var size = winsize()
    guard ioctl(stream.descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }

  /// Whether the stream was closed when the process started (`rovers 1>&-`).
  public static func isClosed(_ stream: StandardStream) -> Bool {
    fcntl(stream.descriptor, F_GETFD) == -1 && errno == EBADF
  }

  /// Puts `/dev/null` where a closed stream was, so that no file the process opens later gets
  /// its number and receives what was meant for the stream.
  public static func fillWithNull(_ stream: StandardStream) {
    let null = open("/dev/null", stream == .input ? .readOnly : .writeOnly)
    guard null >= 0 else { return }
    if null != stream.descriptor {
      dup2(null, stream.descriptor)
      close(null)
    }
  }
}
