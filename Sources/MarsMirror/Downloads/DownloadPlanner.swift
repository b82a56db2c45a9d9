import MarsFetching
import RoverAPI

/// Which files a list of photos becomes: the one planner behind `download` and `sync`.
public enum DownloadPlanner {
  /// The downloads of `photos` into `layout`: each photo once by its identity (a list may name
  /// one twice while a sol is still filling), in `size` when one is given, and once per file
  /// (two identities never share a path), leaving out the photos in `skipping`.
  public static func downloads(
    of photos: [Photo], rover: String, layout: PhotoFileLayout, size: ImageSize? = nil,
    skipping: Set<String> = []
  ) -> [PhotoDownload] {
    var seenIDs = Set<String>(minimumCapacity: photos.count)
    var seenPaths = Set<String>(minimumCapacity: photos.count)
    var downloads: [PhotoDownload] = []
    downloads.reserveCapacity(photos.count)
    let root = PhotoDownload.root(of: layout)
    // The folder of the last photo's sol and camera: the next one's too, mostly.
    var folder: (sol: Int, camera: String, path: String)?
    for photo in photos where seenIDs.insert(photo.nasaID).inserted {
      if skipping.contains(photo.nasaID) { continue }
      let photo = size.map(photo.resized) ?? photo
      if folder?.sol != photo.sol || folder?.camera != photo.camera.name {
        folder = (
          photo.sol, photo.camera.name, PhotoFileLayout.folderPath(rover: rover, photo: photo)
        )
      }
      let download = PhotoDownload(photo, root: root, folder: folder?.path ?? "")
      guard seenPaths.insert(download.relativePath).inserted else { continue }
      downloads.append(download)
    }
    return downloads
  }
}
