import MarsFetching
import RoverAPI

/// A movie played in the preview (`m`): the frames of the selected photo's sequence, one
/// after another, at the pace `rovers movie` plays by default.
public struct MoviePlayback: Sendable, Hashable {
  /// The sequence id.
  public var sequence: String
  /// The frames of its size, oldest first.
  public var frames: [Photo]
  /// The frame shown.
  public var index: Int

  /// The pace: 4 frames a second.
  public static let frameMilliseconds = 250

  /// The frame shown now.
  public var frame: Photo { frames[index] }
}

extension BrowserState {
  /// `m`: the preview plays the movie the selected photo is a frame of, and stops on `m`
  /// again or when the selection leaves it.
  mutating func toggleMovie() {
    if movie != nil {
      movie = nil
      message = Message(text: "the photo itself (m plays its movie)", isError: false)
      return
    }
    guard level == .photos, let photo = selectedPhoto, let photos = openPhotos else {
      message = Message(text: "m plays a movie: open a sol's photos first", isError: false)
      return
    }
    let sequences = SequenceFinder.sequences(in: photos)
    guard let sequence = sequences.first(where: { $0.photos.contains(photo) }) else {
      message = Message(text: "m plays a movie: this photo's name says no sequence", isError: false)
      return
    }
    guard sequence.kind == .movie else {
      message = Message(
        text: "m plays a movie: \(sequence.id) is a \(sequence.kind.rawValue) of"
          + " \(sequence.photos.count), not a movie", isError: false)
      return
    }
    let frames = sequence.framesOfItsSize
    movie = MoviePlayback(
      sequence: sequence.id, frames: frames, index: frames.firstIndex(of: photo) ?? 0)
    message = Message(
      text: "playing \(sequence.id), \(frames.count) frames (m to stop)", isError: false)
  }

  /// The next frame, once its time is up; the movie ends when the selection has left it.
  mutating func advanceMovie() {
    guard var playing = movie else { return }
    guard level == .photos, let photo = selectedPhoto, playing.frames.contains(photo) else {
      movie = nil
      return
    }
    playing.index = (playing.index + 1) % playing.frames.count
    movie = playing
  }

  /// The frame after the one shown, fetched ahead so the movie does not wait for it.
  var nextMovieFrame: Photo? {
    guard let movie, movie.frames.count > 1 else { return nil }
    return movie.frames[(movie.index + 1) % movie.frames.count]
  }
}
