import MarsFetching
import RasterImages
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The frames of a movie, fetched or read and decoded: a sequence's photos from the network
/// (`-j` at a time) or from a folder `download`/`sync` filled, or image files as given.
package struct MovieFrames: Sendable {
  /// One frame to get: a photo (fetched, or read from its file in a mirror) or a file.
  package struct Input: Sendable {
    /// How the run names it: the NASA id, or the path.
    package var name: String
    /// The photo, when it is one of a sequence.
    package var photo: Photo?
    /// A file holding it: a mirror's or one given on the command line.
    package var path: String?

    /// A value of each member.
    package init(name: String, photo: Photo? = nil, path: String? = nil) {
      self.name = name
      self.photo = photo
      self.path = path
    }
  }

  /// One decoded frame.
  package struct Frame: Sendable {
    package var name: String
    package var image: RasterImage
    /// When it was taken, in seconds on one clock (the spacecraft's, else Mars local time).
    package var time: Double?

    /// A value of each member.
    package init(name: String, image: RasterImage, time: Double? = nil) {
      self.name = name
      self.image = image
      self.time = time
    }
  }

  /// What getting them came to: the frames of the movie's size in order, and the names of
  /// those left out for another size.
  package struct Gathered: Sendable {
    package var frames: [Frame]
    package var leftOut: [String]

    /// A value of each member.
    package init(frames: [Frame], leftOut: [String]) {
      self.frames = frames
      self.leftOut = leftOut
    }
  }

  /// The image client; `nil` when every frame is a file on disk (making one loads libcurl).
  package let client: APIClient?
  package let jobs: Int
  /// `--debayer`: Bayer frames in colour.
  package let debayer: Debayering

  /// Every input, decoded in order; a frame that cannot be read or decoded fails the run (65),
  /// naming it. Frames of another size than most are left out.
  package func gather(_ inputs: [Input]) async throws -> Gathered {
    let frames = try await decoded(inputs)
    var counts: [[Int]: Int] = [:]
    for frame in frames { counts[[frame.image.width, frame.image.height], default: 0] += 1 }
    // The size most frames have; among equals, the first frame's.
    let first = frames.first.map { [$0.image.width, $0.image.height] } ?? []
    let size = counts.max { one, other in
      one.value != other.value ? one.value < other.value : other.key == first
    }?.key
    let kept = frames.filter { [$0.image.width, $0.image.height] == size }
    let leftOut = frames.filter { [$0.image.width, $0.image.height] != size }.map(\.name)
    return Gathered(frames: kept, leftOut: leftOut)
  }

  /// Every input, decoded in order, whatever its size; a frame that cannot be read or
  /// decoded fails the run (65), naming it.
  package func decoded(_ inputs: [Input]) async throws -> [Frame] {
    var frames: [Frame] = []
    let client = self.client
    let debayer = self.debayer
    try await inputs.orderedMap(limit: jobs) { input in
      await Result(awaiting: { try await Self.frame(input, client, debayer) })
    } each: {
      frames.append(try $0.get())
    }
    return frames
  }

  private static func frame(_ input: Input, _ client: APIClient?, _ debayer: Debayering)
    async throws -> Frame
  {
    let bytes: [UInt8]
    if let path = input.path {
      bytes = try ImageFile.read(path)
    } else if let address = input.photo?.imgSrc, let url = URL(string: address), let client {
      bytes = try await client.fetchImage(url, limit: ImageFile.limit)
    } else {
      throw ImageFileError(name: input.name, reason: "it has no address")
    }
    do {
      let image = debayer.apply(
        try ImageDecoder.decode(bytes), name: input.photo?.nasaID ?? input.name)
      return Frame(name: input.name, image: image, time: input.photo.flatMap(Self.time))
    } catch let error as ImageError {
      throw ImageFileError(name: input.name, reason: error.reason)
    }
  }

  /// When a photo was taken: its spacecraft clock, else its Mars local time in seconds.
  package static func time(_ photo: Photo) -> Double? {
    if let clock = photo.details.capture.spacecraftClock { return clock }
    guard let parts = photo.details.marsClock?.split(separator: ":").compactMap({ Double($0) }),
      parts.count == 3
    else { return nil }
    return parts[0] * 3600 + parts[1] * 60 + parts[2]
  }

  /// Each frame's delay in milliseconds: `1000 / fps`, or with `realTime` the real gaps
  /// between frames divided by `speed` (the last frame keeps the gap before it); frames
  /// without times fall back to `fps`.
  package static func delays(
    _ frames: [Frame], fps: Double, realTime: Bool, speed: Double
  ) -> (delays: [Int], real: Bool) {
    let even = Array(repeating: max(1, Int((1000 / fps).rounded())), count: frames.count)
    let times = frames.compactMap(\.time)
    guard realTime, times.count == frames.count, frames.count >= 2 else { return (even, false) }
    var gaps = zip(times, times.dropFirst()).map { pair in
      max(10, Int((max(0, pair.1 - pair.0) * 1000 / speed).rounded()))
    }
    gaps.append(gaps.last ?? even[0])
    return (gaps, true)
  }

  /// A value of each member.
  package init(client: APIClient?, jobs: Int, debayer: Debayering) {
    self.client = client
    self.jobs = jobs
    self.debayer = debayer
  }
}
