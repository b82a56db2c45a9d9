import MarsData

/// One photo in `download --json` and `sync --json`: where it came from, where it is, and
/// what happened (`downloaded`, `skipped`, `gone` or `failed` with the error; `missing` or
/// `present` in a dry run).
struct DownloadEntry: Encodable {
  var id: Int?
  var nasaID: String
  var imgSrc: String
  var path: String
  var status: String
  var error: String?

  enum CodingKeys: String, CodingKey {
    case id, path, status, error
    case nasaID = "nasa_id"
    case imgSrc = "img_src"
  }

  /// The entry of a result; `scrub` hides secrets in the error message, which is the tool's
  /// own words (and may quote a server's).
  init(_ result: DownloadResult, scrub: (String) -> String) {
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

  init(planned download: PhotoDownload, present: Bool) {
    self.init(download, status: present ? "present" : "missing")
  }

  private init(_ download: PhotoDownload, status: String) {
    id = download.photo.id
    nasaID = download.photo.nasaID
    imgSrc = download.photo.imgSrc
    path = download.destination.path
    self.status = status
  }

  /// `id` is written as `null` when the source has none, so every entry has the same keys.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(nasaID, forKey: .nasaID)
    try container.encode(imgSrc, forKey: .imgSrc)
    try container.encode(path, forKey: .path)
    try container.encode(status, forKey: .status)
    try container.encodeIfPresent(error, forKey: .error)
  }
}

extension DownloadEntry {
  static let fields: [Records.Field] = [
    .init("id", alignRight: true), .init("nasa_id", "NASA ID"), .init("status"), .init("path"),
    .init("img_src", "URL"), .init("error"),
  ]

  /// The entries as rows, for `--format csv`, `tsv` and `ndjson`.
  static func records(_ entries: [DownloadEntry]) -> Records {
    var records = Records(fields, table: ["status", "path"])
    for entry in entries {
      records.append([
        .number(entry.id), .text(entry.nasaID), .text(entry.status), .text(entry.path),
        .text(entry.imgSrc), entry.error.map(Records.Cell.text) ?? .missing,
      ])
    }
    return records
  }
}

extension DownloadProgress {
  /// Names each failed photo on stderr, and each photo gone from its host (which does not fail
  /// the run: the server is not down, the photo is gone), and returns the exit code the
  /// failures call for.
  static func reportFailures(_ results: [DownloadResult], _ console: Console, quiet: Bool)
    -> ExitCode
  {
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
