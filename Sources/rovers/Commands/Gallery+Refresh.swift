import CommandRuntime
import MarsGallery
import MarsMirror

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Gallery {
  /// Rewrites a sol's page after a picture was made into a folder that has a gallery, so the
  /// page shows it; a failure is a warning, as the picture itself is written.
  static func refresh(
    root: String, rover: String, sol: Int, _ common: CommonOptions, _ console: Console
  ) {
    let gallery = Gallery(root: URL(fileURLWithPath: root))
    guard gallery.exists else { return }
    do {
      try gallery.update(rover: PhotoFileLayout.roverFolder(rover), sols: [sol])
    } catch {
      if !common.quiet {
        console.diagnostic(
          "warning: the gallery could not be updated: \(ErrorReport(error).message)")
      }
    }
  }
}
