import RoverAPI

extension PhotoArchive {
  /// Each rover's most recent photos from `cameras` (every camera when there is none): one rule
  /// for `latest --camera` and `photos --latest --camera`.
  ///
  /// For each camera a rover carries, the photos of the last sol that camera took any: the
  /// rover's latest sol when the camera was used on it, else the camera's own last sol from the
  /// manifest (a camera idle for a month still shows its last photos). A rover's photos are
  /// merged in the order the cameras were given, and its sol is the newest of them. A camera
  /// none of the rovers in `listed` carries is ``ArchiveError/unknownCamera(_:rover:known:)``;
  /// one that only some carry is named in the others' ``LatestPhotos/missingCameras``. A camera
  /// that failed fails the rover: its photos would otherwise be missing unsaid.
  ///
  /// - Parameters:
  ///   - rovers: the rovers asked for; every rover of `listed` when `nil`.
  ///   - listed: the source's rovers with their cameras, as ``fetchAllRovers()`` gives them.
  public func fetchLatestPhotos(rovers: [String]?, cameras: [String], listed: [Rover])
    async throws -> [RoverOutcome<LatestPhotos>]
  {
    guard !cameras.isEmpty else { return try await fetchLatestPhotos(rovers: rovers, camera: nil) }
    let names = rovers ?? listed.map(\.name)
    let details = names.map { name in listed.first { $0.name.lowercased() == name.lowercased() } }
    try CameraCheck.check(cameras, on: details.compactMap { $0 })
    // A rover the list does not know is asked anyway: its failure says it is unknown.
    let carried = details.map { rover in
      rover.map { CameraCheck.carried(cameras, by: $0) } ?? cameras
    }
    let asks = zip(names, carried).flatMap { name, cameras in cameras.map { (name, $0) } }
    let found = try await asks.concurrentMap(limit: maxConcurrentRequests) { name, camera in
      do {
        return RoverOutcome(rover: name, result: .success(try await photos(of: name, from: camera)))
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        return RoverOutcome<LatestPhotos>(rover: name, result: .failure(error))
      }
    }
    return zip(names, carried).map { name, carried in
      let outcomes = found.filter { $0.rover == name }
      if let failed = outcomes.first(where: { $0.error != nil }) { return failed }
      let photos = outcomes.compactMap(\.value)
      let newest = photos.max { ($0.sol ?? -1) < ($1.sol ?? -1) }
      var merged = LatestPhotos(
        rover: newest?.rover ?? name, sol: newest?.sol, earthDate: newest?.earthDate,
        photos: photos.flatMap(\.photos))
      merged.missingCameras = cameras.filter { !carried.contains($0) }
      return RoverOutcome(rover: name, result: .success(merged))
    }
  }

  /// One rover's latest photos from one camera, on the last sol that camera took any.
  private func photos(of rover: String, from camera: String) async throws -> LatestPhotos {
    let latest =
      try await fetchLatestPhotos(rovers: [rover], camera: camera).first?.result.get()
      ?? LatestPhotos(rover: rover, sol: nil, earthDate: nil, photos: [])
    guard latest.photos.isEmpty else { return latest }
    // The rover's last sol had nothing from this camera: its own last sol, from the manifest.
    let manifest = try await fetchManifest(rover: rover, span: .recent)
    guard
      let sol = manifest.photos.filter({ CameraCheck.names($0.cameras, include: camera) })
        .map(\.sol).max()
    else { return latest }
    let photos = try await fetchPhotos(rover: rover, on: .sol(sol), cameras: [camera])
    return LatestPhotos(
      rover: photos.first?.rover.name ?? latest.rover, sol: photos.isEmpty ? nil : sol,
      earthDate: photos.first?.earthDate, photos: photos)
  }
}
