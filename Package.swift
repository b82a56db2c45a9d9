// swift-tools-version: 6.0
import PackageDescription

// The modules whose work is a person's pace (parsing a command line, drawing a screen, a table)
// are built for size in release: the binary is downloaded, stored and paged in on every run,
// tab completions included. The modules of the hot paths (decoding, paging, pictures) keep -O.
//
// Every module the tests run is optimized in debug builds too, the tests' own included: the
// tests run the tool's commands in their own process (fetching, decoding, developing, matching,
// rendering the fixtures' frames, comparing pictures pixel by pixel), and with the commands'
// modules unoptimized the suite took a tenth more processor time (124 CPU-s against 112 on two
// cores).
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
/// Optimized for speed in debug builds (the tests), for size in release.
let optimizedForSize: [SwiftSetting] =
  optimizedInDebug + [.unsafeFlags(["-Osize"], .when(configuration: .release))]

let package = Package(
  name: "rovers",
  products: [
    .executable(name: "rovers", targets: ["rovers"]),
    .library(name: "RoverAPI", targets: ["RoverAPI"]),
    .library(name: "MarsFetching", targets: ["MarsFetching"]),
    .library(name: "MarsMirror", targets: ["MarsMirror"]),
    .library(name: "MarsImaging", targets: ["MarsImaging"]),
    .library(name: "MarsGallery", targets: ["MarsGallery"]),
    .library(name: "MarsCatalog", targets: ["MarsCatalog"]),
  ],
  targets: [
    // The one home of the C library: small Swift functions over the system calls the project
    // makes, with Glibc, Musl and Darwin branches; nothing else imports the C library.
    .target(name: "SystemInterface", swiftSettings: optimizedInDebug),
    // Text functions of the project's own over the standard library (trimming, percent-
    // encoding, byte scans, a server's text made safe for one line), in place of Foundation's,
    // which bring ICU into the binary.
    .target(name: "PlainText", swiftSettings: optimizedInDebug),
    // The few libcurl functions the Linux transport calls, declared without libcurl's
    // development headers, and found in the libcurl.so.4 every Linux machine has when a
    // command first needs the network (dlopen), not at every start.
    .target(
      name: "LibCurl",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // The few SQLite functions the catalogue calls, declared without SQLite's development
    // headers, and found in the system's own library when the catalogue is first opened
    // (dlopen): help, completions and every other command never load it.
    .target(
      name: "LibSQLite",
      linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // The endpoints, models and HTTP client of the Mars Rover Photos API: libcurl's multi
    // interface on Linux, URLSession on macOS. Built for size in release, where its decoding
    // still keeps `photos --json` at two thirds of `curl | jq`'s time.
    .target(
      name: "RoverAPI",
      dependencies: [
        "SystemInterface", "PlainText",
        .target(name: "LibCurl", condition: .when(platforms: [.linux])),
      ],
      swiftSettings: optimizedForSize),
    // The HTTP transport over Foundation's URLSession: the one macOS sends with. It builds on
    // Linux too (with FoundationNetworking), where the transport tests run it beside
    // libcurl's; the Linux binary does not link it, and so carries no ICU.
    .target(
      name: "URLSessionTransport", dependencies: ["RoverAPI"], swiftSettings: optimizedInDebug),
    // The camera models of NASA's feeds (CAHV, CAHVOR, CAHVORE): point to pixel and pixel to
    // ray, in the rover's frame, with nothing but arithmetic. Built for size in release, where
    // a panorama asks a model only every 16 pixels.
    .target(
      name: "CameraGeometry", dependencies: ["SystemInterface"], swiftSettings: optimizedForSize),
    // Panoramas made from frames by their camera models alone: the grid, the ground plane,
    // bilinear sampling, feathered weights and matched gains, on planes of bytes (the codecs
    // are MarsImaging's). Built as CameraGeometry is: at -Osize a 360-degree pan is still a
    // twentieth of the reference pipeline's time (make bench).
    .target(
      name: "PanoramaStitching", dependencies: ["CameraGeometry", "SystemInterface"],
      swiftSettings: optimizedForSize),
    // Terrain from a stereo pair: both frames resampled onto their rectified pair (by
    // CameraGeometry's models), disparities by semi-global matching on planes of bytes (a row
    // at a time, never a whole cost volume), and each matched pixel triangulated.
    .target(
      name: "StereoMatching", dependencies: ["CameraGeometry"],
      swiftSettings: optimizedInDebug),
    // Time on Mars: the Mars24 algorithm and each mission's own clock (its sols and local
    // time), with nothing but arithmetic and the leap-second table.
    .target(name: "MarsTime", dependencies: ["SystemInterface"], swiftSettings: optimizedForSize),
    // What every command asks, fetched in parallel on top of RoverAPI: the archives (the API,
    // NASA's feeds, one behind the other), paging, partial failure, the extras from NASA's host
    // and the response cache. Built for size: its work waits on the network, and the loops over
    // whole bodies (decoding, checksums) are RoverAPI's and PlainText's.
    .target(
      name: "MarsFetching",
      dependencies: ["RoverAPI", "PlainText", "SystemInterface", "CameraGeometry"],
      swiftSettings: optimizedForSize),
    // A folder of photos kept in step with the archives: downloads, the sync journal, the
    // files written whole, the sol records, verification and the places photos were taken.
    .target(
      name: "MarsMirror",
      dependencies: ["MarsFetching", "PlainText", "RoverAPI", "SystemInterface"],
      // Its work waits on the network and the disk, not the processor: built for size.
      swiftSettings: optimizedForSize),
    // The pictures made from photos: developed tiles and Bayer frames, stereo pairs, motion
    // sequences, and the pipelines that fetch, decode and combine them; the only data library
    // that links the codecs.
    .target(
      name: "MarsImaging",
      dependencies: [
        "MarsFetching", "MarsMirror", "RoverAPI", "RasterImages", "SystemInterface",
        "TerminalPictures", "PanoramaStitching", "StereoMatching", "CameraGeometry",
      ],
      // Orchestration only: the pixels are RasterImages' loops, which keep -O.
      swiftSettings: optimizedForSize),
    // The offline HTML gallery of a folder that download and sync fill.
    .target(
      name: "MarsGallery",
      dependencies: [
        "RoverAPI", "MarsFetching", "MarsMirror", "MarsTime", "PlainText", "CameraGeometry",
      ],
      swiftSettings: optimizedForSize),
    // The catalogue: every photo of the missions synced, in a SQLite file of a documented
    // schema, filled from NASA's feeds and searched offline. Built for speed: a listing makes
    // a photo of each of thousands of rows, and a sync a row of each of thousands of photos.
    .target(
      name: "MarsCatalog",
      dependencies: [
        "LibSQLite", "MarsFetching", "MarsTime", "RoverAPI", "PlainText", "SystemInterface",
      ],
      swiftSettings: optimizedInDebug),
    // JPEG and PNG decoders of their own, and the scaling a terminal picture needs.
    .target(
      name: "RasterImages", dependencies: ["SystemInterface"],
      swiftSettings: optimizedInDebug),
    // Pictures in the terminal: iTerm2's and kitty's protocols, sixel and half-blocks, and how
    // a terminal says which it speaks.
    .target(
      name: "TerminalPictures", dependencies: ["RasterImages"], swiftSettings: optimizedForSize),
    // A full-screen terminal of its own: raw mode, keys, and frames drawn off-screen and sent
    // as the cells that changed.
    .target(
      name: "TerminalScreen", dependencies: ["SystemInterface"], swiftSettings: optimizedForSize),
    // `rovers browse`: the drill-down from rover to sol to photos as a pure state, its view,
    // and the loop that runs its loads as child tasks.
    .target(
      name: "MarsBrowser",
      dependencies: [
        "RoverAPI", "MarsFetching", "RasterImages", "TerminalPictures",
        "TerminalScreen",
      ],
      swiftSettings: optimizedForSize),
    // A command line parsed as swift-argument-parser does, with help, usage lines and typed
    // options made from one declaration of each command.
    .target(name: "ArgumentParsing", swiftSettings: optimizedForSize),
    // What every run of the tool shares: its settings (flags, environment, config file), the
    // clients and archives they make, the console and the formats it prints, errors and their
    // exit codes, the deadline and interrupts.
    .target(
      name: "CommandRuntime",
      dependencies: [
        "ArgumentParsing", "RoverAPI", "MarsFetching", "MarsMirror", "MarsTime", "PlainText",
        "SystemInterface", "MarsCatalog", "TerminalScreen",
        .target(name: "URLSessionTransport", condition: .when(platforms: [.macOS])),
      ],
      swiftSettings: optimizedForSize),
    // The command-line tool: parses a command line, calls the libraries, prints.
    .executableTarget(
      name: "rovers",
      dependencies: [
        "RoverAPI", "MarsFetching", "MarsMirror", "MarsImaging", "MarsGallery", "SystemInterface",
        "ArgumentParsing", "CommandRuntime", "MarsTime",
        "RasterImages", "TerminalPictures", "TerminalScreen", "MarsBrowser", "PlainText",
        "MarsCatalog",
      ],
      swiftSettings: optimizedForSize),
    // Fixtures/ served over HTTP on loopback, so tests never reach the internet: a library the
    // tests start in their own process, and a small executable for `make demo` and benchmarks.
    .target(
      name: "FixtureServing",
      dependencies: ["SystemInterface", "PlainText", "RasterImages", "CameraGeometry"],
      swiftSettings: optimizedInDebug),
    .executableTarget(
      name: "fixture-server", dependencies: ["FixtureServing"], swiftSettings: optimizedInDebug),
    // `make bench`'s measure of one key press in the browser, drawn off-screen.
    .executableTarget(name: "browse-bench", dependencies: ["MarsBrowser", "TerminalScreen"]),
    // `make bench`'s measure of the JPEG encoder against cjpeg, on the same picture.
    .executableTarget(name: "jpeg-bench", dependencies: ["RasterImages", "SystemInterface"]),
    // What the test targets share: the package's paths, folders that remove themselves, a
    // backoff with no wait, a seeded generator, the reference tools' runner and polling.
    .target(
      name: "TestSupport", dependencies: ["RoverAPI", "URLSessionTransport"],
      path: "Tests/TestSupport", swiftSettings: optimizedInDebug),
    .testTarget(
      name: "RoverAPITests",
      dependencies: ["TestSupport", "RoverAPI", "PlainText", "SystemInterface"],
      swiftSettings: optimizedInDebug),
    .testTarget(
      name: "MarsLibrariesTests",
      dependencies: [
        "TestSupport", "MarsFetching", "MarsMirror", "MarsImaging", "MarsGallery", "MarsTime",
        "MarsCatalog", "StereoMatching",
        "RoverAPI", "CameraGeometry", "PanoramaStitching", "FixtureServing",
        "SystemInterface",
      ],
      swiftSettings: optimizedInDebug),
    .testTarget(
      name: "RasterImagesTests", dependencies: ["TestSupport", "RasterImages", "TerminalPictures"],
      swiftSettings: optimizedInDebug),
    .testTarget(
      name: "MarsBrowserTests",
      dependencies: ["TestSupport", "MarsBrowser", "TerminalScreen", "RoverAPI", "RasterImages"],
      swiftSettings: optimizedInDebug),
    .testTarget(
      name: "RoversTests",
      dependencies: [
        "TestSupport",
        "rovers", "fixture-server", "FixtureServing", "RoverAPI", "ArgumentParsing", "PlainText",
        "CommandRuntime",
        "MarsFetching",
        "MarsMirror", "MarsImaging", "PanoramaStitching", "CameraGeometry", "RasterImages",
        "SystemInterface", "MarsCatalog",
      ],
      // Read from the source tree by the golden and browser tests, not bundled; the
      // screenshots are what the browser test makes, kept for the README.
      exclude: ["Golden", "Browser", "Screenshots"],
      swiftSettings: optimizedInDebug),
  ],
  swiftLanguageModes: [.v6]
)
