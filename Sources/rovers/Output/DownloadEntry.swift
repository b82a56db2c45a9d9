import MarsData

/// One photo in `download --json` and `sync --json`: where it came from, where it is, and
/// what happened (`downloaded`, `skipped`, `failed` with the error; `missing` or `present`
/// in a dry run).
struct DownloadEntry: Encodable {
  var id: Int
  var imgSrc: String
  var path: String
  var status: String
  var error: String?

  enum CodingKeys: String, CodingKey {
    case id, path, status, error
    case imgSrc = "img_src"
  }

  init(_ result: DownloadResult) {
    id = result.download.photo.id
    imgSrc = result.download.photo.imgSrc
    path = result.download.destination.path
    switch result.status {
    case .downloaded: status = "downloaded"
    case .skipped: status = "skipped"
    case .failed(let failure):
      status = "failed"
      error = ErrorReport(failure).message
    }
  }

  init(planned download: PhotoDownload, present: Bool) {
    id = download.photo.id
    imgSrc = download.photo.imgSrc
    path = download.destination.path
    status = present ? "present" : "missing"
  }
}

extension DownloadEntry {
  static let fields: [Records.Field] = [
    .init("id", alignRight: true), .init("status"), .init("path"), .init("img_src", "URL"),
    .init("error"),
  ]

  /// The entries as rows, for `--format csv`, `tsv` and `ndjson`.
  static func records(_ entries: [DownloadEntry]) -> Records {
    var records = Records(fields, table: ["status", "path"])
    for entry in entries {
      records.append([
        .number(entry.id), .text(entry.status), .text(entry.path), .text(entry.imgSrc),
        entry.error.map(Records.Cell.text) ?? .missing,
      ])
    }
    return records
  }
}

extension DownloadProgress {
  /// Names each failed photo on stderr and returns the exit code the failures call for.
  static func reportFailures(_ results: [DownloadResult], _ console: Console) -> ExitCode {
    var codes: [ExitCode] = []
    for result in results {
      guard case .failed(let failure) = result.status else { continue }
      let report = ErrorReport(failure)
      console.error("photo \(result.download.photo.id): \(report.message)")
      codes.append(report.code)
    }
    return ExitCode.worst(codes)
  }
}
