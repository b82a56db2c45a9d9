// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "rovers",
  products: [
    .executable(name: "rovers", targets: ["rovers"]),
    .library(name: "RoverAPI", targets: ["RoverAPI"]),
    .library(name: "MarsData", targets: ["MarsData"]),
    .library(name: "MarsGallery", targets: ["MarsGallery"]),
  ],
  targets: [
    // The one home of the C library: small Swift functions over the system calls the project
    // makes, with Glibc, Musl and Darwin branches; nothing else imports the C library.
    .target(name: "SystemInterface"),
    // The few libcurl functions the Linux transport calls, declared without libcurl's
    // development headers, and linked against the libcurl.so.4 every Linux machine has.
    .target(
      name: "LibCurl",
      linkerSettings: [.linkedLibrary(":libcurl.so.4", .when(platforms: [.linux]))]),
    // The endpoints, models and HTTP client of the Mars Rover Photos API: libcurl's multi
    // interface on Linux, URLSession on macOS.
    .target(
      name: "RoverAPI",
      dependencies: [
        "SystemInterface", .target(name: "LibCurl", condition: .when(platforms: [.linux])),
      ]),
    // Parallel fetching on top of RoverAPI: task groups, paging, partial failure.
    .target(name: "MarsData", dependencies: ["RoverAPI", "RasterImages", "SystemInterface"]),
    // The offline HTML gallery of a folder that download and sync fill.
    .target(name: "MarsGallery", dependencies: ["RoverAPI", "MarsData"]),
    // JPEG and PNG decoders of their own, and the scaling a terminal picture needs.
    // Optimized in debug builds too: the tests decode thousands of images.
    .target(
      name: "RasterImages", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    // Pictures in the terminal: iTerm2's and kitty's protocols, sixel and half-blocks, and how
    // a terminal says which it speaks.
    .target(name: "TerminalPictures", dependencies: ["RasterImages"]),
    // A full-screen terminal of its own: raw mode, keys, and frames drawn off-screen and sent
    // as the cells that changed.
    .target(name: "TerminalScreen", dependencies: ["SystemInterface"]),
    // `rovers browse`: the drill-down from rover to sol to photos as a pure state, its view,
    // and the loop that runs its loads as child tasks.
    .target(
      name: "MarsBrowser",
      dependencies: ["RoverAPI", "MarsData", "RasterImages", "TerminalPictures", "TerminalScreen"]),
    // A command line parsed as swift-argument-parser does, with help, usage lines and typed
    // options made from one declaration of each command.
    .target(name: "ArgumentParsing"),
    // The command-line tool.
    .executableTarget(
      name: "rovers",
      dependencies: [
        "RoverAPI", "MarsData", "MarsGallery", "SystemInterface", "ArgumentParsing",
        "RasterImages", "TerminalPictures", "TerminalScreen", "MarsBrowser",
      ]),
    // Fixtures/ served over HTTP on loopback, so tests never reach the internet: a library the
    // tests start in their own process, and a small executable for `make demo` and benchmarks.
    .target(name: "FixtureServing", dependencies: ["SystemInterface", "RasterImages"]),
    .executableTarget(name: "fixture-server", dependencies: ["FixtureServing"]),
    // `make bench`'s measure of one key press in the browser, drawn off-screen.
    .executableTarget(name: "browse-bench", dependencies: ["MarsBrowser", "TerminalScreen"]),
    .testTarget(name: "RoverAPITests", dependencies: ["RoverAPI"]),
    .testTarget(name: "MarsDataTests", dependencies: ["MarsData", "RoverAPI", "SystemInterface"]),
    .testTarget(name: "RasterImagesTests", dependencies: ["RasterImages", "TerminalPictures"]),
    .testTarget(
      name: "MarsBrowserTests",
      dependencies: ["MarsBrowser", "TerminalScreen", "RoverAPI", "RasterImages"]),
    .testTarget(
      name: "RoversTests",
      dependencies: [
        "rovers", "fixture-server", "FixtureServing", "RoverAPI", "ArgumentParsing",
        "SystemInterface",
      ],
      // Read from the source tree by the golden and browser tests, not bundled; the
      // screenshots are what the browser test makes, kept for the README.
      exclude: ["Golden", "Browser", "Screenshots"]),
  ],
  swiftLanguageModes: [.v6]
)
