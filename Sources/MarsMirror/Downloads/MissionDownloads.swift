import MarsFetching
import RoverAPI

/// Photos of several missions and sols saved as `download` saves one rover's day: what
/// `search -o DIR` fetches. Each mission's photos go under its own folder of the layout, and
/// each sol touched gets its record, so a gallery and a later `sync` see them as their own.
public enum MissionDownloads {
  /// How many photos a part of a long run takes before it ends at the next sol
  /// (``DownloadParts``): enough that a part's pause between transfers is rare, few enough
  /// that a part's photos and results are a few megabytes.
  public static let photosAPart = 1000

  /// The downloads of `photos` into `layout`, mission by mission in the order each first
  /// appears, each mission's photos in their order (``DownloadPlanner``'s rules within one).
  public static func downloads(of photos: [Photo], layout: PhotoFileLayout) -> [PhotoDownload] {
    var order: [String] = []
    var byRover: [String: [Photo]] = [:]
    for photo in photos {
      let rover = folderName(photo)
      if byRover[rover] == nil { order.append(rover) }
      byRover[rover, default: []].append(photo)
    }
    return order.flatMap { rover in
      DownloadPlanner.downloads(of: byRover[rover] ?? [], rover: rover, layout: layout)
    }
  }

  /// Updates the record of every sol of every mission the downloads touched.
  public static func record(_ results: [DownloadResult], layout: PhotoFileLayout) throws {
    let byRover = Dictionary(grouping: results) { folderName($0.download.photo) }
    for (rover, results) in byRover.sorted(by: { $0.key < $1.key }) {
      try SolRecordFile.record(results, rover: rover, layout: layout)
    }
  }

  /// The mission's folder name: its name in lower case, as `download` names it.
  private static func folderName(_ photo: Photo) -> String {
    photo.rover.name.lowercased()
  }
}
