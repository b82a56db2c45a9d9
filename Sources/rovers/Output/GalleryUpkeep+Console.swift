import CommandRuntime
import MarsGallery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension GalleryUpkeep {
  /// The upkeep of the mirror at `root`, whose problems are warnings on `console` (none when
  /// `quiet`).
  init(root: URL, enabled: Bool, console: Console, quiet: Bool, baseURL: String? = nil) {
    self.init(root: root, enabled: enabled, baseURL: baseURL) { error in
      if !quiet {
        console.diagnostic(
          "warning: the gallery could not be updated: \(ErrorReport(error).message)")
      }
    }
  }
}
