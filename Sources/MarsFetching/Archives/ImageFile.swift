import SystemInterface

/// An image file read whole into memory, up to the largest a command draws or combines.
public enum ImageFile {
  /// The largest image file read or fetched: 64 MB.
  public static let limit = 64 * 1_048_576

  /// Why a file is not read: what the path names is not there or will not open.
  public static let unreadable = "there is no such file, or it cannot be read"

  /// A file's bytes, up to the limit; a file that is missing, unreadable or larger fails
  /// naming it (``ImageFileError``, exit 65).
  public static func read(_ path: String) throws -> [UInt8] {
    guard let bytes = POSIX.readStart(ofFile: path, upTo: limit + 1) else {
      throw ImageFileError(name: path, reason: unreadable)
    }
    guard bytes.count <= limit else {
      throw ImageFileError(name: path, reason: "it is larger than \(limit / 1_048_576) MB")
    }
    return bytes
  }
}

/// An image that cannot be had or drawn: exit 65, naming the file or address.
public struct ImageFileError: Error, Sendable, CustomStringConvertible {
  /// The file's path, the photo's address or NASA id.
  public var name: String
  /// Why, in words.
  public var reason: String
  /// `name: reason`.
  public var description: String { "\(name): \(reason)" }

  /// The error of the image `name`, for `reason`.
  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }
}
