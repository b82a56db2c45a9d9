import ArgumentParsing
import MarsFetching

/// How `rovers timelapse` picks its view and each sol's frame: `--view N` among those
/// `--list` shows, `--lmst HH:MM`, and `--list` itself.
package enum ViewChoice {
  /// `--lmst HH:MM`, in minutes after local midnight.
  package static let lmst = Option<Int>(
    "lmst", value: "HH:MM", help: "The local time of day to take each sol's frame nearest.",
    parse: { text in
      let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
      guard parts.count == 2, let hour = parts[0], let minute = parts[1], (0..<24) ~= hour,
        (0..<60) ~= minute
      else { return .failure(.init(reason: "give a local time as HH:MM, such as 14:30")) }
      return .success(hour * 60 + minute)
    })
  /// `--view N`, from 1.
  package static let view = Option.integer(
    "view", value: "n", help: "The view to make, by its number in --list. (default: 1)",
    in: 1...Int.max, reason: "a view is numbered from 1")
  /// `--list`.
  package static let list = Flag("list", help: "List the views the sols have; fetch no image.")

  /// The view to make: `number`'s, else the first (the one of the most sols) when it is seen
  /// on two sols or more; `nil` when none is. A number past the views, or of a view of one sol,
  /// is a usage error (64).
  package static func chosen(from views: [RepeatedView], number: Int?, spec: CommandSpec) throws
    -> RepeatedView?
  {
    guard let number else { return views.first.flatMap { $0.sols.count >= 2 ? $0 : nil } }
    guard number <= views.count else {
      throw UsageError(
        message: "there \(views.count == 1 ? "is 1 view" : "are \(views.count) views");"
          + " rovers timelapse --list shows them", command: spec)
    }
    guard views[number - 1].sols.count >= 2 else {
      throw UsageError(
        message: "view \(number) is seen on one sol: a time-lapse needs two or more",
        command: spec)
    }
    return views[number - 1]
  }
}
