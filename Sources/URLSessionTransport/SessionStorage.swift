// All of Foundation: URLSession is in it (or in FoundationNetworking, which brings it).
import Foundation
import RoverAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session configuration every transport copies: one that writes nothing to disk.
///
/// On Linux every `URLSessionConfiguration`, `.ephemeral` included, is made from `.default`,
/// which creates the shared cookie store, credential store and URL cache, and `.ephemeral`
/// adds a URL cache of its own; those make folders under `$XDG_DATA_HOME` (else
/// `~/.local/share/<program>`) and `$XDG_CACHE_HOME/org.swift.foundation.URLCache` (else
/// `~/.cache/…`), and with `HOME=/nonexistent` would create `/nonexistent`. Sessions here use
/// none of them, so the configuration is made once, while both variables point below
/// `/dev/null`, where no folder can be created (each store then carries on without one, as it
/// does whenever its folder cannot be made), and the variables are put back at once.
enum SessionStorage {
  /// A fresh copy of the template configuration.
  static func configuration() -> URLSessionConfiguration {
    // swift-format-ignore: NeverForceUnwrap
    template.copy() as! URLSessionConfiguration
  }

  private static let template: URLSessionConfiguration = {
    let variables = ["XDG_DATA_HOME", "XDG_CACHE_HOME"]
    let saved = variables.map { getenv($0).map { String(cString: $0) } }
    for variable in variables { setenv(variable, "/dev/null", 1) }
    defer {
      for (variable, value) in zip(variables, saved) {
        if let value { setenv(variable, value, 1) } else { unsetenv(variable) }
      }
    }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.urlCredentialStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return configuration
  }()
}
