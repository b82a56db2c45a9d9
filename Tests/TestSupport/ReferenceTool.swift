import Foundation
import Synchronization

/// A reference tool the pictures are held to (djpeg, cjpeg, ffmpeg, ImageMagick, Python with
/// OpenCV), run to its end.
///
/// Its output goes through files, not pipes: a pipe's write end that another test's child
/// inherits (tests run in parallel) would never close, and the read would never end.
public enum ReferenceTool {
  /// What a finished run said.
  public struct Output: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var stdout: [UInt8]
    /// Everything written to standard error, as text.
    public var stderr: String
  }

  /// The first of `paths` that is an executable file: the system's copy, not whatever a
  /// PATH puts first (a version manager's shim costs a dozen shells a call).
  public static func find(_ paths: String...) -> String? {
    paths.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The system's Python 3.
  public static let python = "/usr/bin/python3"

  /// Whether the system's Python can import `module` (cv2, feedparser).
  /// Asked once a run for each module: importing OpenCV costs Python a third of a second.
  public static func pythonHas(_ module: String) -> Bool {
    if let known = imports.withLock({ $0[module] }) { return known }
    let has =
      FileManager.default.isExecutableFile(atPath: python)
      && (try? run(python, ["-c", "import \(module)"]).status) == 0
    imports.withLock { $0[module] = has }
    return has
  }

  /// What ``pythonHas(_:)`` found so far, by module.
  private static let imports = Mutex<[String: Bool]>([:])

  /// A run that ended with another status than 0.
  public struct Failed: Error, CustomStringConvertible {
    /// The command line.
    public var command: String
    /// Its exit status and what it wrote to standard error.
    public var output: Output
    /// "<command> exited <status>: <stderr>".
    public var description: String { "\(command) exited \(output.status): \(output.stderr)" }
  }

  /// What `path` writes to standard output; ``Failed`` when it exits with another status than 0.
  public static func stdout(_ path: String, _ arguments: [String]) throws -> [UInt8] {
    let output = try run(path, arguments)
    guard output.status == 0 else {
      throw Failed(command: ([path] + arguments).joined(separator: " "), output: output)
    }
    return output.stdout
  }

  /// Runs `path` with `arguments` to its end.
  public static func run(_ path: String, _ arguments: [String]) throws -> Output {
    let folder = try TemporaryFolder("tool")
    let out = folder.file("stdout")
    let err = folder.file("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    // Python's checks fork from the run's one interpreter, which has imported their modules.
    if path == python, !arguments.isEmpty,
      let status = PythonServer.shared?.run(arguments, stdout: out, stderr: err)
    {
      return try output(status: status, out: out, err: err)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let outHandle = try FileHandle(forWritingTo: out)
    let errHandle = try FileHandle(forWritingTo: err)
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    return try output(status: process.terminationStatus, out: out, err: err)
  }

  /// What a run that ended with `status` wrote to the files `out` and `err`.
  private static func output(status: Int32, out: URL, err: URL) throws -> Output {
    Output(
      status: status, stdout: [UInt8](try Data(contentsOf: out)),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
  }
}
