import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging
import RoverAPI

extension Rovers {
  /// `rovers sequences`: a sol's observation sequences, and which of them are movies.
  struct Sequences: DataCommand {
    static let name = "sequences"
    static let spec = CommandSpec(
      name: name, abstract: "List a sol's observation sequences: movies, pans, singles.",
      discussion: """
        A sequence is one commanded observation; its id is in each frame's file name \
        (NCAM00518). One row per sequence, camera and eye, oldest first: its frames, its \
        pointing, the Mars local time of its first and last frame and its frame size. A \
        movie is 3 or more frames of one eye at one pointing (azimuth and elevation within \
        0.1 degrees) and of one size; a pan's pointing moves; a single is one frame; two \
        frames at one pointing are frames. NASA's feeds say the pointing, the clock and the \
        size, so they are asked first (--source api is refused); when they are out, the \
        API answers, which says none of them, and a movie is 3 or more frames of one \
        sequence and camera. Make one with rovers movie.
        """,
      arguments: [
        ArgumentSpec(name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [DayOptions.sol, CameraOptions.repeatable] + CommonOptions.specs,
      examples: [
        "rovers sequences perseverance --sol 888",
        "rovers sequences perseverance --sol 888 --camera NAVCAM --json",
        "rovers sequences curiosity --sol 86 --fields sequence,kind,frames",
      ])

    let common: CommonOptions
    let lookup: SequenceLookup

    static var fieldNames: [String] { SequenceEntry.fields.map(\.name) }

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      lookup = try SequenceLookup(arguments, common: common, spec: Self.spec)
      try common.output.check(fields: Self.fieldNames, spec: Self.spec)
    }

    func run(_ console: Console) async throws -> ExitCode {
      let found = try await lookup.sequences(in: common.makeRecordsArchive(console))
      if found.isEmpty, !common.quiet {
        console.diagnostic("no sequences on sol \(lookup.sol) of \(lookup.rover)")
      }
      let entries = found.map(SequenceEntry.init)
      try common.output.write(SequenceEntry.records(entries), json: entries, to: console)
      return .success
    }
  }
}
