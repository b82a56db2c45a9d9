import Foundation

/// The fixture server's command line, for the `fixture-server` executable and for tests that
/// start the same server in their own process.
public struct ServerOptions: Sendable {
  /// A command line the server does not take; its message says why.
  public struct Invalid: Error, CustomStringConvertible {
    /// What was wrong, in one line.
    public var description: String
  }

  /// The file to write the port to once listening, for whoever started the process.
  public var portFile: String?
  /// Whether `--help` was asked for: the caller prints ``usage``.
  public var wantsHelp = false
  var fixtures = "Fixtures"
  /// The Fixtures folder served, as given.
  public var fixturesFolder: String { fixtures }
  var port: UInt16 = 0
  var latencyMilliseconds = 0
  var faultsFile: String?
  var logFile: String?
  var marsVista = false
  /// Mars Vista's totals claim this many pages fewer than there are.
  var stalePages = 0
  /// Answer as NASA's raw-image feeds instead of the API.
  var nasaFeeds = false
  var serveImages = false
  var imageLatencyMilliseconds = 0
  /// A folder served as it is under `/static/`.
  var staticFolder: String?
  /// `N/S`: at most N requests in S seconds, the rest answered 429.
  var rateLimit: String?
  /// Whether answers say how many requests are left.
  var rateLimitHeaders = false

  /// The help text.
  public static let usage = """
    USAGE: fixture-server [--fixtures <dir>] [--port <n>] [--port-file <path>]
                          [--latency <ms>] [--faults <file.json>] [--log <path>]
                          [--shape original|marsvista|nasa] [--serve-images]
                          [--image-latency <ms>] [--static <dir>]
                          [--stale-pages <n>] [--rate-limit <n/s>]
                          [--rate-limit-headers]

    Serves the Mars Rover Photos API from Fixtures/ on 127.0.0.1, for tests and demos.
      --fixtures <dir>     The Fixtures folder. (default: Fixtures)
      --port <n>           The port; 0 picks a free one. (default: 0)
      --port-file <path>   Write the port chosen to this file once listening.
      --latency <ms>       Wait this long before every response. (default: 0)
      --faults <file>      JSON list of rules that make chosen requests fail:
                           [{"match": "/latest_photos", "status": 503, "body": "…",
                             "headers": {"Retry-After": "1"}, "times": 2},
                            {"match": "sol=1000", "action": "drop" | "truncate"},
                            {"match": "/rovers", "status": 200, "body_base64": "…"},
                            {"match": "/rovers", "status": 302,
                             "headers": {"Location": "http://localhost:{port}/…"}},
                            {"match": "/manifests/", "latency_ms": 3000},
                            {"match": "/", "action": "drip", "bytes": 1,
                             "interval_ms": 1000}]
      --shape <name>       Answer as the original server (the default), as Mars
                           Vista (key required, always paged, root "photos"), or as
                           NASA's raw-image feeds (Fixtures/nasa/: /rss/api/ and
                           /api/v1/raw_image_items/, pages from 0).
      --serve-images       Point every img_src at this server and answer /images/...
                           with made-up image bytes, the same for the same path.
      --image-latency <ms> Wait this long before every image. (default: 0)
      --static <dir>       Serve this folder's files under /static/, for a browser.
      --stale-pages <n>    Mars Vista's totals claim n pages fewer than there are,
                           as a cached count of a sol still filling up. (default: 0)
      --rate-limit <n/s>   At most n requests (images aside) in any s seconds; the
                           rest are answered 429 with a Retry-After.
      --rate-limit-headers Say in every answer how many requests are left
                           (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset).
      --log <path>         Append "<in flight>\\t<request target>\\t<X-API-Key>\\t<User-Agent>
                           \\t<Accept-Encoding>" per request.
    """

  /// Parses the arguments; throws ``Invalid`` for anything it does not know.
  public static func parse(_ arguments: [String]) throws(Invalid) -> ServerOptions {
    var options = ServerOptions()
    var rest = arguments[...]
    func value(for name: String) throws(Invalid) -> String {
      guard let value = rest.popFirst() else { throw Invalid("missing value for \(name)") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--fixtures": options.fixtures = try value(for: argument)
      case "--port":
        guard let port = UInt16(try value(for: argument)) else {
          throw Invalid("--port takes 0 to 65535")
        }
        options.port = port
      case "--port-file": options.portFile = try value(for: argument)
      case "--latency":
        guard let ms = Int(try value(for: argument)), ms >= 0 else {
          throw Invalid("--latency takes ms")
        }
        options.latencyMilliseconds = ms
      case "--faults": options.faultsFile = try value(for: argument)
      case "--log": options.logFile = try value(for: argument)
      case "--serve-images": options.serveImages = true
      case "--rate-limit":
        let text = try value(for: argument)
        guard RateLimit(text, sendsHeaders: false) != nil else {
          throw Invalid("--rate-limit takes n/s")
        }
        options.rateLimit = text
      case "--rate-limit-headers": options.rateLimitHeaders = true
      case "--static": options.staticFolder = try value(for: argument)
      case "--stale-pages":
        guard let pages = Int(try value(for: argument)), pages >= 0 else {
          throw Invalid("--stale-pages takes a count")
        }
        options.stalePages = pages
      case "--image-latency":
        guard let ms = Int(try value(for: argument)), ms >= 0 else {
          throw Invalid("--image-latency takes ms")
        }
        options.imageLatencyMilliseconds = ms
      case "--shape":
        switch try value(for: argument) {
        case "original": options.marsVista = false
        case "marsvista": options.marsVista = true
        case "nasa": options.nasaFeeds = true
        default: throw Invalid("--shape takes original, marsvista or nasa")
        }
      case "-h", "--help": options.wantsHelp = true
      default: throw Invalid("unknown argument '\(argument)'")
      }
    }
    return options
  }
}

extension ServerOptions.Invalid {
  init(_ description: String) { self.description = description }

}
