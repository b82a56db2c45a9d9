import Foundation
import MarsData

/// Where and how `download` and `sync` write: the folder, transfers at once, `--force`,
/// `--dry-run`.
struct DownloadOutput: Sendable {
  var folder: URL
  var jobs: Int
  var force: Bool
  var dryRun: Bool
  /// `--no-gallery`: leave the folder's gallery as it is.
  var noGallery: Bool

  init(_ arguments: ParsedArguments, folder: String, environment: [String: String] = [:]) throws {
    guard !folder.isEmpty else {
      throw UsageError.invalidValue(
        folder, for: "--output <dir>", reason: "give a folder", in: arguments.spec)
    }
    let expanded = folder.hasPrefix("~/") ? NSHomeDirectory() + folder.dropFirst() : folder
    self.folder = URL(fileURLWithPath: expanded)
    let settings = SettingSource(
      arguments: arguments, environment: environment,
      config: try ConfigFile.load(arguments, environment))
    jobs = try settings.integer(
      "jobs", "ROVERS_JOBS", default: 8, in: 1...64, reason: "give a whole number, 1 to 64")
    force = arguments.flag("force")
    dryRun = arguments.flag("dry-run")
    noGallery = arguments.flag("no-gallery")
  }

  /// `--dry-run`: each photo with whether its file is there already; with `--force`, every
  /// photo would be fetched again, so none counts as there.
  func listPlan(_ downloads: [PhotoDownload], common: CommonOptions, _ console: Console) throws
    -> ExitCode
  {
    let entries = downloads.map {
      DownloadEntry(
        planned: $0,
        present: !force && FileManager.default.fileExists(atPath: $0.destination.path))
    }
    try common.output.write(
      DownloadEntry.records(entries), json: entries, to: console)
    if !common.quiet {
      let present = entries.filter { $0.status == "present" }.count
      let kept = force ? " (--force: again)" : ", \(present) already there"
      console.diagnostic("would download \(entries.count - present)\(kept)")
    }
    return .success
  }
}
