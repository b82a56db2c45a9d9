import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rovers a command could not answer for, when it answers for the others.
package enum RoverFailures {
  /// Prints each rover's failure as an error line, with the `/api/v1` hint where a 404 calls
  /// for it, and gives their exit codes: the rovers that answered are shown, and the exit code
  /// still tells a script that some did not.
  package static func report<Value>(
    _ outcomes: [RoverOutcome<Value>], base: URL, to console: Console
  )
    -> [ExitCode]
  {
    outcomes.compactMap(\.error).map { error in
      let report = ErrorReport(BaseWithoutAPIPath.explaining(error, base: base))
      console.error(report.message)
      return report.code
    }
  }
}
