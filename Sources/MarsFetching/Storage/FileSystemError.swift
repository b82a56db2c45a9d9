import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A file or folder that cannot be created or written, with the path and the system's reason.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The path that failed.
  public var path: String
  /// Why, in the system's words: `No space left on device`.
  public var reason: String

  /// Creates an error from the path and a reason.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// Creates an error from the path and an `errno` value.
  public init(path: String, errno code: Int32) {
    self.init(path: path, reason: POSIX.describe(code))
  }

  /// `cannot write /mars/x.jpg: No space left on device`.
  public var description: String { "cannot write \(path): \(reason)" }
}
