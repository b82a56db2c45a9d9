import MarsFetching

extension DownloadResult {
  /// The result with its photo placed on `traverse`: a map that came while the photos were
  /// downloading places them before their records are written.
  public func placed(on traverse: Traverse) -> DownloadResult {
    var result = self
    result.download.photo.details.place = traverse.place(of: download.photo)
    return result
  }
}
