#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// Asks the allocator to keep large blocks in its heap once freed, for the next allocation,
  /// rather than handing each to the kernel and back: decoding and encoding pictures makes and
  /// frees arrays of megabytes, and glibc maps each such one anew, a page fault for every
  /// 4 KB first touched. Only for commands that work on pictures; a no-op where the C library
  /// has no such setting.
  public static func keepLargeBlocksForReuse() {
    #if canImport(Glibc)
      // mallopt is declared in <malloc.h>, which the Glibc module leaves out: it is found by
      // name in the process. Its parameters' numbers are glibc's ABI (M_TRIM_THRESHOLD -1,
      // M_MMAP_THRESHOLD -3).
      typealias Setting = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
      let mallopt = unsafeBitCast(symbol, to: Setting.self)
      // Up to 256 MB a block from the heap, and the heap's top kept up to that much.
      _ = mallopt(-3, 256 << 20)
      _ = mallopt(-1, 256 << 20)
    #endif
  }

  /// The whole file at `path` mapped into memory to be read, for as long as the process runs
  /// (nothing unmaps it): its pages are read as they are touched, with no copy. `nil` with
  /// ``lastError`` set when it cannot be opened or mapped; an empty file's bytes are none.
  public static func mapWhole(_ path: String) -> UnsafeRawBufferPointer? {
    let fd = open(path, [.readOnly, .closeOnExec])
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let size = seekToEnd(fd)
    guard size >= 0 else { return nil }
    guard size > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), start != MAP_FAILED
    else { return nil }
    return UnsafeRawBufferPointer(start: start, count: size)
  }
}
