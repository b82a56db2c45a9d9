#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Describes one endpoint of the API and the type its JSON decodes to: through `Decodable`, or
/// with a decoding of its own (a one-pass scan of a large file).
public struct APIRequest<Response: Sendable>: Sendable {
  /// The path below the base URL, percent-encoded, without a leading slash: `rovers/curiosity`.
  public var path: String
  /// The query items, without the API key: the client adds it.
  public var query: [URLQueryItem]
  /// Turns a successful response body into the response value.
  public var decode: @Sendable (Data) throws -> Response
  /// How long an answer may be kept in a cache; `nil` for never.
  public var cacheRule: CacheRule<Response>?

  /// Creates a request with its own decoding.
  public init(
    path: String, query: [URLQueryItem] = [], decode: @escaping @Sendable (Data) throws -> Response
  ) {
    self.path = path
    self.query = query
    self.decode = decode
  }

}

extension APIRequest where Response: Decodable {
  /// Creates a request whose body holds the response under one root key, such as `rover`.
  public init(path: String, query: [URLQueryItem] = [], rootKey: String) {
    self.init(path: path, query: query) { data in
      try JSONBody.decode(Response.self, from: data, rootKey: rootKey)
    }
  }

  /// Creates a request whose whole body is the response.
  public init(path: String, query: [URLQueryItem] = []) {
    self.init(path: path, query: query) { data in
      try JSONBody.decode(Response.self, from: data)
    }
  }

}

extension APIRequest {
  /// The request as people read it in messages: `GET /rovers/curiosity/photos?sol=1000`.
  ///
  /// It is built from the path and query alone, so it never holds the API key.
  public var summary: String {
    var components = URLComponents()
    components.queryItems = query.isEmpty ? nil : query
    let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
    return "GET /\(path)\(query)"
  }
}
