import FixtureServing
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Serves Fixtures/ as the Mars Rover Photos API on loopback, for `make demo` and the
// benchmarks; the tests start the same server in their own process.
func say(_ line: String, to handle: FileHandle) {
  try? handle.write(contentsOf: Data(line.utf8))
}

do {
  let options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
  if options.wantsHelp {
    say(ServerOptions.usage + "\n", to: .standardOutput)
    exit(0)
  }
  let service = try FixtureService(options: options)
  if let portFile = options.portFile {
    // Written whole then renamed, so a reader polling for it never sees half a number.
    let partial = portFile + ".partial"
    try String(service.port).write(toFile: partial, atomically: false, encoding: .utf8)
    // rename(2) replaces a port file left by an earlier run in one step.
    guard rename(partial, portFile) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: portFile])
    }
  }
  say(
    "fixture-server: serving \(options.fixturesFolder) at \(service.address)\n", to: .standardOutput
  )
  signal(SIGPIPE, SIG_IGN)
  service.serve()
} catch let invalid as ServerOptions.Invalid {
  say("fixture-server: \(invalid)\n\(ServerOptions.usage)\n", to: .standardError)
  exit(64)
} catch {
  say("fixture-server: \(error.localizedDescription)\n", to: .standardError)
  exit(1)
}
