import Foundation

/// Opens a file or an address with the system's opener (`xdg-open`, or `open` on macOS),
/// without waiting for it and without letting it write over the screen.
enum SystemOpener {
  #if os(macOS)
    static let opener = "open"
  #else
    static let opener = "xdg-open"
  #endif

  /// Starts the opener on `target`; the reason when it cannot be started.
  static func open(
    _ target: String, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> String?
  {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard
      let path = folders.map({ "\($0)/\(opener)" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      return "there is no \(opener) to open photos with; the photo is at \(target)"
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = [target]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return "\(opener) could not be started: \(error.localizedDescription)"
    }
    return nil
  }
}
