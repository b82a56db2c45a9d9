// swift-tools-version: 6.0
import PackageDescription

// The modules whose work is a person's pace (parsing a command line, drawing a screen, a table)
// are built for size in release: the binary is downloaded, stored and paged in on every run,
// tab completions included. The modules of the hot paths (decoding, paging, pictures) keep -O.
let forSize: [SwiftSetting] = [.unsafeFlags(["-Osize"], .when(configuration: .release))]
/// Optimized for speed in debug builds too: code the tests run hot, in their own process.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]
/// Optimized for speed in debug builds (the tests), for size in release.
let optimizedForSize: [SwiftSetting] = optimizedInDebug + forSize

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
    .target(name: "SystemInterface"),
    // Text functions of the project's own over the standard library (trimming, percent-
    // encoding, byte scans, a server's text made safe for one line), in place of Foundation's,
    // which bring ICU into the binary. Optimized in debug builds too: every table, line and
    // scan of the tests' runs goes through it.
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
    // interface on Linux, URLSession on macOS. Optimized in debug builds too: the tests decode
    // lists of tens of thousands of photos. Built for size in release, where its decoding still
    // keeps `photos --json` at two thirds of `curl | jq`'s time.
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
    .target(name: "URLSessionTransport", dependencies: ["RoverAPI"]),
    // The camera models of NASA's feeds (CAHV, CAHVOR, CAHVORE): point to pixel and pixel to
    // ray, in the rover's frame, with nothing but arithmetic. Optimized in the tests' debug
    // builds (they render frames through the models pixel by pixel); built for size in
    // release, where a panorama asks a model only every 16 pixels.
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
    // at a time, never a whole cost volume), and each matched pixel triangulated. Optimized in
    // debug builds too: the tests match megapixel pairs.
    .target(
      name: "StereoMatching", dependencies: ["CameraGeometry"],
      swiftSettings: optimizedInDebug),
    // Time on Mars: the Mars24 algorithm and each mission's own clock (its sols and local
    // time), with nothing but arithmetic and the leap-second table.
    .target(name: "MarsTime", dependencies: ["SystemInterface"], swiftSettings: forSize),
    // What every command asks, fetched in parallel on top of RoverAPI: the archives (the API,
    // NASA's feeds, one behind the other), paging, partial failure, the extras from NASA's host
    // and the response cache. Built for size: its work waits on the network, and the loops over
    // whole bodies (decoding, checksums) are RoverAPI's and PlainText's.
    .target(
      name: "MarsFetching",
      dependencies: ["RoverAPI", "PlainText", "SystemInterface", "CameraGeometry"],
      swiftSettings: forSize),
    // A folder of photos kept in step with the archives: downloads, the sync journal, the
    // files written whole, the sol records, verification and the places photos were taken.
    .target(
      name: "MarsMirror",
      dependencies: ["MarsFetching", "PlainText", "RoverAPI", "SystemInterface"],
      // Its work waits on the network and the disk, not the processor: built for size.
      swiftSettings: forSize),
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
      swiftSettings: forSize),
    // The offline HTML gallery of a folder that download and sync fill.
    .target(
      name: "MarsGallery",
      dependencies: [
        "RoverAPI", "MarsFetching", "MarsMirror", "MarsTime", "PlainText", "CameraGeometry",
      ],
      swiftSettings: forSize),
    // The catalogue: every photo of the missions synced, in a SQLite file of a documented
    // schema, filled from NASA's feeds and searched offline. Built for speed: a listing makes
    // a photo of each of thousands of rows, and a sync a row of each of thousands of photos.
    // Optimized in debug builds too: the tests sync, list and search catalogues in process,
    // and unoptimized they took twice the CPU.
    .target(
      name: "MarsCatalog",
      dependencies: [
        "LibSQLite", "MarsFetching", "MarsTime", "RoverAPI", "PlainText", "SystemInterface",
      ],
      swiftSettings: optimizedInDebug),
    // JPEG and PNG decoders of their own, and the scaling a terminal picture needs.
    // Optimized in debug builds too: the tests decode thousands of images.
    .target(
      name: "RasterImages", dependencies: ["SystemInterface"],
      swiftSettings: optimizedInDebug),
    // Pictures in the terminal: iTerm2's and kitty's protocols, sixel and half-blocks, and how
    // a terminal says which it speaks.
    .target(name: "TerminalPictures", dependencies: ["RasterImages"], swiftSettings: forSize),
    // A full-screen terminal of its own: raw mode, keys, and frames drawn off-screen and sent
    // as the cells that changed.
    .target(name: "TerminalScreen", dependencies: ["SystemInterface"], swiftSettings: forSize),
    // `rovers browse`: the drill-down from rover to sol to photos as a pure state, its view,
    // and the loop that runs its loads as child tasks.
    .target(
      name: "MarsBrowser",
      dependencies: [
        "RoverAPI", "MarsFetching", "RasterImages", "TerminalPictures",
        "TerminalScreen",
      ],
      swiftSettings: forSize),
    // A command line parsed as swift-argument-parser does, with help, usage lines and typed
    // options made from one declaration of each command.
    .target(name: "ArgumentParsing", swiftSettings: forSize),
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
      swiftSettings: forSize),
    // The command-line tool: parses a command line, calls the libraries, prints.
    .executableTarget(
      name: "rovers",
      dependencies: [
        "RoverAPI", "MarsFetching", "MarsMirror", "MarsImaging", "MarsGallery", "SystemInterface",
        "ArgumentParsing", "CommandRuntime", "MarsTime",
        "RasterImages", "TerminalPictures", "TerminalScreen", "MarsBrowser", "PlainText",
        "MarsCatalog",
      ],
      swiftSettings: forSize),
    // Fixtures/ served over HTTP on loopback, so tests never reach the internet: a library the
    // tests start in their own process, and a small executable for `make demo` and benchmarks.
    // Optimized in debug builds too: it makes the tiles and movie frames the tests fetch.
    .target(
      name: "FixtureServing", dependencies: ["SystemInterface", "RasterImages", "CameraGeometry"],
      swiftSettings: optimizedInDebug),
    .executableTarget(name: "fixture-server", dependencies: ["FixtureServing"]),
    // `make bench`'s measure of one key press in the browser, drawn off-screen.
    .executableTarget(name: "browse-bench", dependencies: ["MarsBrowser", "TerminalScreen"]),
    // `make bench`'s measure of the JPEG encoder against cjpeg, on the same picture.
    .executableTarget(name: "jpeg-bench", dependencies: ["RasterImages", "SystemInterface"]),
    // What the test targets share: the package's paths, folders that remove themselves, a
    // backoff with no wait, a seeded generator, the reference tools' runner and polling.
    .target(
      name: "TestSupport", dependencies: ["RoverAPI", "URLSessionTransport"],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "RoverAPITests",
      dependencies: ["TestSupport", "RoverAPI", "PlainText", "SystemInterface"]),
    .testTarget(
      name: "MarsLibrariesTests",
      dependencies: [
        "TestSupport", "MarsFetching", "MarsMirror", "MarsImaging", "MarsGallery", "MarsTime",
        "MarsCatalog", "StereoMatching",
        "RoverAPI", "CameraGeometry", "PanoramaStitching", "FixtureServing",
        "SystemInterface",
      ]),
    // Optimized in debug builds too: its references decode and compare every real image, pixel
    // by pixel, and unoptimized loops over them were a tenth of the suite's time.
    .testTarget(
      name: "RasterImagesTests", dependencies: ["TestSupport", "RasterImages", "TerminalPictures"],
      swiftSettings: optimizedInDebug),
    .testTarget(
      name: "MarsBrowserTests",
      dependencies: ["TestSupport", "MarsBrowser", "TerminalScreen", "RoverAPI", "RasterImages"]),
    .testTarget(
      name: "RoversTests",
      dependencies: [
        "TestSupport",
        "rovers", "fixture-server", "FixtureServing", "RoverAPI", "ArgumentParsing",
        "CommandRuntime",
        "MarsFetching",
        "MarsMirror", "MarsImaging", "PanoramaStitching", "CameraGeometry", "RasterImages",
        "SystemInterface", "MarsCatalog",
      ],
      // Read from the source tree by the golden and browser tests, not bundled; the
      // screenshots are what the browser test makes, kept for the README.
      exclude: ["Golden", "Browser", "Screenshots"],
      // Optimized in debug builds too: its tests make 5120 × 3840 scenes, mosaics and tiles,
      // and compare pictures pixel by pixel, in the test process.
      swiftSettings: optimizedInDebug),
  ],
  swiftLanguageModes: [.v6]
)
