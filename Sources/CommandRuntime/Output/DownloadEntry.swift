import MarsFetching
import MarsMirror
import PlainText

/// One photo in `download --json` and `sync --json`: where it came from, where it is, and
/// what happened (`downloaded`, `skipped`, `gone` or `failed` with the error; `missing` or
/// `present` in a dry run).
package struct DownloadEntry: JSONPrintable {
  package var id: Int?
  package var nasaID: String
  package var imgSrc: String
  package var path: String
  package var status: String
  package var error: String?

  /// The entry of a result; `scrub` hides secrets in the error message, which is the tool's
  /// own words (and may quote a server's).
  package init(_ result: DownloadResult, scrub: (String) -> String) {
    self.init(result.download, status: "")
    switch result.status {
    case .downloaded: status = "downloaded"
    case .skipped: status = "skipped"
    case .gone(let failure):
      status = "gone"
      error = scrub(ErrorReport(failure).message)
    case .failed(let failure):
      status = "failed"
      error = scrub(ErrorReport(failure).message)
    }
  }

  package init(planned download: PhotoDownload, present: Bool) {
    self.init(download, status: present ? "present" : "missing")
  }

  private init(_ download: PhotoDownload, status: String) {
    id = download.photo.id
    nasaID = download.photo.nasaID
    imgSrc = download.photo.imgSrc
    path = download.destinationPath
    self.status = status
  }

  /// `id` is written as `null` when the source has none, so every entry has the same keys.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      if let error { json.member("error", error) }
      json.member("id", id)
      json.member("img_src", imgSrc)
      json.member("nasa_id", nasaID)
      json.member("path", path)
      json.member("status", status)
    }
  }
}

extension DownloadEntry {
  package static let fields: [Records.Field] = [
    .init("id", alignRight: true), .init("nasa_id", "NASA ID"), .init("status"), .init("path"),
    .init("img_src", "URL"), .init("error"),
  ]

  /// The entries as rows, for `--format csv`, `tsv` and `ndjson`.
  package static func records(_ entries: some Sequence<DownloadEntry>) -> Records {
    Records(fields, entries, table: ["status", "path"]) { entry in
      [
        .number(entry.id), .text(entry.nasaID), .text(entry.status), .text(entry.path),
        .text(entry.imgSrc), .text(entry.error),
      ]
    }
  }
}

extension DownloadProgress {
  /// Names each failed photo on stderr, and each photo gone from its host (which does not fail
  /// the run: the server is not down, the photo is gone), and returns the exit code the
  /// failures call for.
  package static func reportFailures(
    _ results: some Sequence<DownloadResult>, _ console: Console, quiet: Bool
  ) -> ExitCode {
    var codes: [ExitCode] = []
    for result in results {
      let name = result.download.photo.nasaID
      switch result.status {
      case .failed(let failure):
        let report = ErrorReport(failure)
        console.error("photo \(name): \(report.message)")
        codes.append(report.code)
      case .gone(let failure) where !quiet:
        console.diagnostic(
          "warning: photo \(name) is gone from its host (\(ErrorReport(failure).message));"
            + " not asked for again for 7 days")
      case .downloaded, .skipped, .gone:
        break
      }
    }
    return ExitCode.worst(codes)
  }
}
