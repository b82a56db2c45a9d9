import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The endpoints of the Mars Rover Photos API, each with the type its body decodes to.
public enum Endpoints {
  /// The original server's page size when `page` is given without `per_page`.
  public static let defaultPageSize = 25

  /// `GET rovers`: every rover the server knows.
  public static func rovers() -> APIRequest<[Rover]> {
    var request = APIRequest<[Rover]>(path: "rovers", rootKey: "rovers")
    request.cacheRule = CacheRule(
      lifetime: { rovers, _ in
        guard !rovers.isEmpty else { return nil }
        return rovers.allSatisfy { $0.status == "complete" }
          ? CacheLifetime.long : CacheLifetime.short
      },
      lastSols: { rovers in
        Dictionary(rovers.map { ($0.name.lowercased(), $0.maxSol) }, uniquingKeysWith: max)
      })
    return request
  }

  /// `GET rovers/{rover}`: one rover.
  public static func rover(_ name: String) -> APIRequest<Rover> {
    var request = APIRequest<Rover>(path: "rovers/\(segment(name))", rootKey: "rover")
    request.cacheRule = CacheRule(
      lifetime: { rover, _ in CacheLifetime.of(status: rover.status) },
      lastSols: { [$0.name.lowercased(): $0.maxSol] })
    return request
  }

  /// `GET rovers/{rover}/photos`: the photos of one sol or Earth day.
  ///
  /// Without `page` the original server sends every matching photo at once; with it, 25 per
  /// page or `perPage`. Mars Vista always pages.
  public static func photos(
    rover: String, on day: PhotoDay, camera: String? = nil, page: Int? = nil, perPage: Int? = nil
  ) -> APIRequest<PhotoPage> {
    var query = [day.queryItem]
    query += optionalItems(camera: camera, page: page, perPage: perPage)
    var request = APIRequest(
      path: "rovers/\(segment(rover))/photos", query: query, decode: PhotoPage.scan)
    // Only a sol the rover has finished: its last sol may still be filling up.
    if case .sol(let sol) = day {
      let name = rover.lowercased()
      request.cacheRule = CacheRule { _, lastSol in
        lastSol(name).map { sol < $0 ? CacheLifetime.long : nil } ?? nil
      }
    }
    return request
  }

  /// `GET rovers/{rover}/latest_photos`: the photos of the rover's most recent sol.
  public static func latestPhotos(
    rover: String, camera: String? = nil, page: Int? = nil, perPage: Int? = nil
  ) -> APIRequest<PhotoPage> {
    APIRequest(
      path: "rovers/\(segment(rover))/latest_photos",
      query: optionalItems(camera: camera, page: page, perPage: perPage), decode: PhotoPage.scan)
  }

  /// `GET photos/{id}`: one photo.
  public static func photo(id: Int) -> APIRequest<Photo> {
    APIRequest(path: "photos/\(id)", rootKey: "photo")
  }

  /// `GET manifests/{rover}`: the rover's photo count for every sol.
  public static func manifest(rover: String) -> APIRequest<PhotoManifest> {
    var request = APIRequest(path: "manifests/\(segment(rover))", decode: PhotoManifest.scan)
    request.cacheRule = CacheRule(
      lifetime: { manifest, _ in CacheLifetime.of(status: manifest.status) },
      lastSols: { [$0.name.lowercased(): $0.maxSol] })
    return request
  }

  private static func optionalItems(camera: String?, page: Int?, perPage: Int?) -> [URLQueryItem] {
    var items: [URLQueryItem] = []
    if let camera { items.append(URLQueryItem(name: "camera", value: camera)) }
    if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
    if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
    return items
  }

  /// Percent-encodes one path segment so that no name can add a segment of its own.
  private static func segment(_ name: String) -> String {
    PercentEncoding.encode(name, keeping: .unreserved)
  }
}
