import MarsFetching
import RoverAPI

extension Catalog {
  /// Refuses a camera of `search` that names nothing of its missions, as `photos` refuses
  /// one: a typo found nothing and said nothing otherwise. A camera names something when it
  /// names an instrument the catalogue holds photos of
  /// (``CatalogSearch/names(_:instrument:camera:)``), or one of the missions' own cameras
  /// (``CameraCheck``): a camera the catalogue has no photo of yet is still a camera, and
  /// finds nothing. Throws what ``CameraCheck`` throws, naming the missions' cameras.
  public func checkCameras(of search: CatalogSearch) throws {
    guard !search.cameras.isEmpty else { return }
    let rovers =
      search.rovers.isEmpty ? CatalogRover.all : search.rovers.compactMap(CatalogRover.named)
    let searched = Set(rovers.map(\.name))
    let held = try guarded {
      let missions = try missionNames()
      return try connection.rows("SELECT mission, instrument, camera FROM cameras").compactMap {
        row -> (instrument: String, camera: String)? in
        guard let mission = row[0].integerValue.flatMap({ missions[$0] }),
          searched.contains(mission), let instrument = row[1].textValue,
          let camera = row[2].textValue
        else { return nil }
        return (instrument, camera)
      }
    }
    let facts = rovers.map(\.facts)
    for term in search.cameras
    where !held.contains(where: {
      CatalogSearch.names(term, instrument: $0.instrument, camera: $0.camera)
    }) && !facts.contains(where: { CameraCheck.names($0.cameras.map(\.name), startWith: term) }) {
      try CameraCheck.check([term], on: facts)
    }
  }
}
