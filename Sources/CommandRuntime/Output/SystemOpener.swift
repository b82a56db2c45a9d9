import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Opens a file or an address with the system's opener (`xdg-open`, or `open` on macOS),
/// without waiting for it and without letting it write over the screen.
package enum SystemOpener {
  #if os(macOS)
    package static let opener = "open"
  #else
    package static let opener = "xdg-open"
  #endif

  /// Starts the opener on `target`, with `environment` less the key; the reason when it
  /// cannot be started.
  package static func open(_ target: String, environment: [String: String], secret: String?)
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
    guard
      let failure = POSIX.spawnDetached(
        path, arguments: [target],
        environment: ChildEnvironment.keyless(environment, secret: secret))
    else { return nil }
    return "\(opener) could not be started: \(POSIX.describe(failure.number))"
  }
}
