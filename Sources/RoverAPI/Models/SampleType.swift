/// How a photo was sampled, as NASA's feeds say it and the tool names it (`--sample-type`):
/// the whole frame, a thumbnail of it, a part of it, or a smaller copy.
public enum SampleType: String, CaseIterable, Sendable {
  case full, thumbnail, subframe, downsampled
}
