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
    var seenIDs = Set<String>()
    var seenPaths = Set<String>()
    var downloads: [PhotoDownload] = []
    for photo in photos where seenIDs.insert(photo.nasaID).inserted {
      if skipping.contains(photo.nasaID) { continue }
      let download = PhotoDownload(size.map(photo.resized) ?? photo, rover: rover, layout: layout)
      guard seenPaths.insert(download.relativePath).inserted else { continue }
      downloads.append(download)
    }
    return downloads
  }
}
