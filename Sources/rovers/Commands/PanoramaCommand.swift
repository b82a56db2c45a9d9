import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging

extension Rovers {
  /// `rovers panorama`: a sol's panoramas, measured from their frames' camera models.
  struct PanoramaCommand: DataCommand {
    static let spec = CommandSpec(
      name: "panorama", abstract: "List a sol's panoramas and what their camera models cover.",
      discussion: """
        A panorama is a sequence (rovers sequences) whose frames point apart. Each frame's \
        outline is sent through its camera model (CAHVOR, CAHVORE) to the directions it \
        sees: the azimuths the frames cover together (360 for a ring, whatever its centres), \
        the elevations, and a tier: full from 300 degrees, wide from 200, half from 120, \
        else partial. The models are in NASA's records only: their feeds are asked (--source \
        api is refused). A frame without a model is left out, and the run says so.
        """,
      arguments: [
        ArgumentSpec(name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [DayOptions.sol, CameraOptions.repeatable] + CommonOptions.specs,
      examples: [
        "rovers panorama perseverance --sol 888",
        "rovers panorama perseverance --sol 888 --json",
      ])

    let common: CommonOptions
    let lookup: SequenceLookup

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      lookup = try SequenceLookup(arguments, common: common, spec: Self.spec)
      try common.output.check(fields: PanoramaEntry.fields.map(\.name), spec: Self.spec)
    }

    func run(_ console: Console) async throws -> ExitCode {
      let found = try PanoramaFinder.panoramas(
        in: try await lookup.photos(in: common.makeFeeds(console)))
      for pan in found where !pan.withoutModel.isEmpty && !common.quiet {
        console.remark(
          "\(pan.sequence.id): left out, without a camera model: "
            + pan.withoutModel.joined(separator: ", "))
      }
      let entries = found.map(PanoramaEntry.init)
      try common.output.write(PanoramaEntry.records(entries), json: entries, to: console)
      return .success
    }
  }
}
