import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers verify DIR [ROVER ...]`: is a folder whole?
  struct Verify: DataCommand {
    static let name = "verify"
    static let spec = CommandSpec(
      name: name, abstract: "Check that a folder holds every photo its records say.",
      discussion: """
        Walks DIR and compares it with what download and sync recorded there: photos a sol's \
        record lists that are missing or not whole on disk (empty, or not the image their name \
        says), sols the journal records whose folder is gone, and image files no record knows. \
        With --remote, NASA's feeds are asked what each recorded sol holds, and the photos the \
        folder lacks are listed too (not with --source api, which asks nothing of the feeds). Exits 0 when the folder is whole and 3 when it is not; \
        rovers sync --verify fetches again what is missing or damaged.
        """,
      arguments: [
        ArgumentSpec(
          name: "dir", help: "The folder download and sync fill.", completion: .directories),
        ArgumentSpec(
          name: "rover", help: "Only these rovers' folders (every rover when none).",
          isRequired: false, isRepeated: true, completion: .rovers),
      ],
      options: [Self.remoteFlag.spec] + CommonOptions.specs,
      examples: [
        "rovers verify ~/mars",
        "rovers verify ~/mars --json",
      ])

    static let remoteFlag = Flag(
      "remote", help: "Ask NASA's feeds what the recorded sols hold, too.")

    let common: CommonOptions
    let folder: URL
    let rovers: [String]
    let remote: Bool

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      folder = try ExistingFolder.parse(
        arguments.positionals[0], environment: settings.environment, spec: Self.spec)
      rovers = try arguments.positionals.dropFirst().map {
        try NameRules.rover($0, spec: Self.spec)
      }.uniqued()
      remote = arguments[Self.remoteFlag]
      // The API alone means no request to the feeds' host, from any command.
      if remote, common.source == .api {
        throw UsageError(
          message: "'--remote' asks NASA's feeds, which '--source api' leaves out; use"
            + " '--source auto' or '--source nasa'", command: Self.spec)
      }
      try common.output.check(fields: Self.fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { fields.map(\.name) }

    static let fields: [Records.Field] = [
      // On a narrow terminal the NASA id is left out: the file's name holds it.
      .init("rover"), .init("sol", alignRight: true), .init("problem"), .init("file"),
      .init("nasa_id", "NASA ID", rank: -1), .init("detail"),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      let check = MirrorCheck(layout: PhotoFileLayout(root: folder))
      var report = try check.run(rovers: rovers)
      if remote {
        // NASA is the ground truth, whatever --source says.
        let feeds = common.makeFeeds(console)
        report.findings += try await check.lacking(
          rovers: rovers, source: feeds, limit: feeds.maxConcurrentRequests)
      }
      let records = Records(Self.fields, report.findings) { finding in
        [
          .text(finding.rover), .number(finding.sol), .text(finding.problem.rawValue),
          .text(finding.file), .text(finding.nasaID), .text(finding.detail),
        ]
      }
      try common.output.write(records, json: report.findings, to: console)
      if !common.quiet { console.diagnostic(VerifySummary(report).line) }
      return report.isWhole ? .success : .notWhole
    }
  }
}
