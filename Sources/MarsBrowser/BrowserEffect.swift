import RoverAPI

/// What a key asks of the world outside the state.
public enum BrowserEffect: Sendable, Hashable {
  /// Give the terminal back and end.
  case quit
  /// Draw the whole screen again (Ctrl-L).
  case redraw
  /// Save a sol or a photo into the folder, while browsing goes on.
  case download(DownloadOrder)
  /// Open the photo with the system's opener.
  case open(Photo)
}
