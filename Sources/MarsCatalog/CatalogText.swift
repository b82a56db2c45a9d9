import PlainText

/// NASA's titles and captions as templates: the sol, the UTC time, the Earth day and the local
/// time written in them are replaced by `{sol}`, `{utc}`, `{day}`, `{lmst}` and `{lmst_ms}`,
/// which the photo's own columns give back. A mission's captions then differ only by camera,
/// and each is kept once (the `texts` table) rather than once a photo.
///
/// A template is kept only when it gives back the text exactly; any other text is kept as it
/// is (`templated` 0).
enum CatalogText {
  /// A text as the `texts` table keeps it: a template or the text as it is.
  struct Kept: Hashable {
    let text: String
    let templated: Bool
    /// The text's hash (``CatalogText/hash(_:)``), the one the `texts` table finds it by, and
    /// all a dictionary of them hashes: hashing a caption twice a photo with the standard
    /// library's hasher cost a sync more than the row's insert.
    let hash: Int64

    init(text: String, templated: Bool) {
      self.text = text
      self.templated = templated
      hash = CatalogText.hash(text)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (one: Kept, other: Kept) -> Bool {
      one.hash == other.hash && one.templated == other.templated && one.text == other.text
    }
  }

  /// What a template's marks stand for: a photo's sol, when it was taken, its local time.
  struct Fields {
    let sol: Int
    /// When the photo was taken, as the feed writes it: `2026-08-30T12:34:56.000Z`.
    let dateTaken: String?
    /// The local mean solar time, in seconds after midnight; `nil` without one.
    let lmst: Double?

    init(sol: Int, dateTaken: String?, lmst: Double?) {
      self.sol = sol
      self.dateTaken = dateTaken
      self.lmst = lmst.flatMap { $0 >= 0 && $0 < 100_000 ? $0 : nil }
    }

    /// A template's marks, each named as it is written between braces.
    enum Mark: String, CaseIterable {
      case sol, utc, day, lmstMillis = "lmst_ms", lmst

      /// The marks a template may hold besides `{sol}`, in the order they are put in: the
      /// local time with its milliseconds before the one without, whose text is part of it.
      static let putIn: [Mark] = [.utc, .day, .lmstMillis, .lmst]

      /// The mark between its braces, as a template holds it.
      var braced: String { "{\(rawValue)}" }
      /// ``braced`` as bytes.
      var written: [UInt8] { Array(braced.utf8) }
    }

    /// ``Mark/putIn``'s marks as written.
    private static let writtenMarks = Mark.putIn.map(\.written)

    /// Each mark with its text for these fields, both as bytes; a mark whose field is absent
    /// is left out. A writer makes them once a photo (its title and caption both ask for every
    /// mark); a reader asks only for the marks a template holds (``text(of:)``).
    var marks: [(mark: [UInt8], text: [UInt8])] {
      zip(Mark.putIn, Self.writtenMarks).compactMap { mark, written in
        bytes(of: mark).map { (written, $0) }
      }
    }

    /// The text of the mark named `name` (between its braces); `nil` for a name that is no
    /// mark, or whose field is absent.
    func text(of name: String) -> String? {
      Mark(rawValue: name).flatMap(bytes(of:)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The text of `mark`, as bytes; `nil` where its field is absent.
    private func bytes(of mark: Mark) -> [UInt8]? {
      var bytes: [UInt8] = []
      switch mark {
      case .sol: DecimalDigits.append(sol, to: &bytes)
      case .utc:
        guard let dateTaken, dateTaken.utf8.count >= 19 else { return nil }
        bytes = dateTaken.utf8.prefix(19).map { $0 == UInt8(ascii: "T") ? UInt8(ascii: " ") : $0 }
      case .day:
        guard let day = dateTaken.flatMap(Self.newsDayBytes) else { return nil }
        bytes = day
      case .lmstMillis:
        guard let lmst else { return nil }
        bytes = Self.clockBytes { Self.writeClockWithMillis(lmst, into: $0, at: 0) }
      case .lmst:
        guard let lmst else { return nil }
        bytes = Self.clockBytes { Self.writeClock(UInt(lmst), into: $0, at: 0) }
      }
      return bytes
    }

    /// The room a clock takes: `HH:MM:SS.mmm` of a time within a day's 100,000 seconds.
    static let clockRoom = 12

    /// The bytes a clock writer puts at the start of a buffer of ``clockRoom``.
    private static func clockBytes(
      _ write: (UnsafeMutableBufferPointer<UInt8>) -> Int
    ) -> [UInt8] {
      [UInt8](unsafeUninitializedCapacity: clockRoom) { buffer, count in count = write(buffer) }
    }

    /// Writes `HH:MM:SS.mmm` of `seconds` after midnight (within a day's 100,000), to the
    /// nearest millisecond, from `start` of `bytes`, and returns where it ends: the one writer
    /// of a local time's clock, for the templates' `{lmst_ms}` and a row's Mars time.
    static func writeClockWithMillis(
      _ seconds: Double, into bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
      let millis = UInt((seconds * 1000).rounded())
      let end = writeClock(millis / 1000, into: bytes, at: start)
      bytes[end] = UInt8(ascii: ".")
      return DecimalDigits.write(millis % 1000, minimum: 3, into: bytes, at: end + 1)
    }

    /// Writes `HH:MM:SS` of `seconds` after midnight from `start` of `bytes`, and returns
    /// where it ends.
    static func writeClock(
      _ seconds: UInt, into bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int {
      var end = DecimalDigits.write(seconds / 3600, minimum: 2, into: bytes, at: start)
      bytes[end] = UInt8(ascii: ":")
      end = DecimalDigits.write(seconds / 60 % 60, minimum: 2, into: bytes, at: end + 1)
      bytes[end] = UInt8(ascii: ":")
      return DecimalDigits.write(seconds % 60, minimum: 2, into: bytes, at: end + 1)
    }

    /// `value` in at least `count` digits, zeros in front.
    static func digits(_ value: Int, _ count: Int) -> String {
      var bytes: [UInt8] = []
      DecimalDigits.append(value, minimum: count, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }

    /// The Associated Press's months, as NASA's captions write a day: `Aug. 30, 2026`.
    static let months = [
      "Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.",
      "Dec.",
    ]

    /// `Aug. 30, 2026` of a time `2026-08-30T…`, as bytes.
    static func newsDayBytes(_ time: String) -> [UInt8]? {
      let bytes = Array(time.utf8.prefix(10))
      /// The number of the digits in `range`.
      func number(_ range: Range<Int>) -> Int? {
        var value = 0
        for byte in bytes[range] {
          guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
      }
      guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
        (1...12).contains(month)
      else { return nil }
      var out = Array(months[month - 1].utf8)
      out.append(UInt8(ascii: " "))
      DecimalDigits.append(day, to: &out)
      out += Array(", ".utf8)
      DecimalDigits.append(year, to: &out)
      return out
    }
  }

  /// Whether every `{…}` of `template` is `{sol}`: then it stands for the same text for
  /// every photo of a sol.
  static func marksOnlySol(_ template: String) -> Bool {
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      guard rest[open...].hasPrefix("{sol}") else { return false }
      rest = rest[rest.index(after: open)...]
    }
    return true
  }

  /// The template of `text` for `fields`, whose ``Fields/marks`` are `marks`, and whether it
  /// is one (else `text` as it is).
  static func template(
    _ text: String, _ fields: Fields, marks: [(mark: [UInt8], text: [UInt8])]
  ) -> (text: String, templated: Bool) {
    var bytes = Array(text.utf8)
    guard !bytes.contains(UInt8(ascii: "{")) else { return (text, false) }
    for (mark, value) in marks where !value.isEmpty {
      bytes = replacing(value, with: mark, in: bytes)
    }
    bytes = replacingNumber(fields.sol, in: bytes)
    let template = String(decoding: bytes, as: UTF8.self)
    guard template != text, rebuild(template, fields) == text else { return (text, false) }
    return (template, true)
  }

  /// `bytes` with every `value` written `mark`.
  private static func replacing(_ value: [UInt8], with mark: [UInt8], in bytes: [UInt8])
    -> [UInt8]
  {
    guard let first = value.first, bytes.count >= value.count,
      let start = bytes.indices.first(where: { index in
        bytes[index] == first && index + value.count <= bytes.count
          && bytes[index..<(index + value.count)].elementsEqual(value)
      })
    else { return bytes }
    // Most texts hold a mark's value nowhere: those are not copied at all.
    var out = Array(bytes[..<start])
    out.reserveCapacity(bytes.count)
    var index = start
    while index < bytes.count {
      if bytes[index] == first, index + value.count <= bytes.count,
        bytes[index..<(index + value.count)].elementsEqual(value)
      {
        out += mark
        index += value.count
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// The text a template stands for, for `fields`: one pass over its bytes, each mark's text
  /// made only when the mark is there (a search writes back two texts a photo).
  static func rebuild(_ template: String, _ fields: Fields) -> String {
    var template = template
    return template.withUTF8 { bytes in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + 32)
      // The text between marks is copied a run at a time.
      var copied = 0
      var index = 0
      while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")) {
        guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else { break }
        if let value = fields.text(of: String(decoding: bytes[(open + 1)..<close], as: UTF8.self)) {
          out += bytes[copied..<open]
          out += value.utf8
          copied = close + 1
          index = close + 1
        } else {
          index = open + 1
        }
      }
      out += bytes[copied...]
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// The SQL that gives back a template in column `text` (its `templated` flag in
  /// `templated`) from the photos' columns: what the `photo_list` view and text searches read.
  static func sql(text: String, templated: String) -> String {
    let taken = "photos.date_taken"
    let whole = "CAST(photos.lmst AS INTEGER)"
    let millis = "CAST(round(photos.lmst * 1000) AS INTEGER)"
    let month = Fields.months.enumerated().map { index, name in
      "WHEN '\(Fields.digits(index + 1, 2))' THEN '\(name)'"
    }.joined(separator: " ")
    let marks = [
      (Fields.Mark.sol.braced, "photos.sol"),
      (Fields.Mark.utc.braced, "replace(substr(\(taken), 1, 19), 'T', ' ')"),
      (
        Fields.Mark.day.braced,
        "(CASE substr(\(taken), 6, 2) \(month) END) || ' ' || CAST(substr(\(taken), 9, 2) AS"
          + " INTEGER) || ', ' || substr(\(taken), 1, 4)"
      ),
      (
        Fields.Mark.lmstMillis.braced,
        "printf('%02d:%02d:%02d.%03d', \(millis) / 3600000, \(millis) / 60000 % 60,"
          + " \(millis) / 1000 % 60, \(millis) % 1000)"
      ),
      (
        Fields.Mark.lmst.braced,
        "printf('%02d:%02d:%02d', \(whole) / 3600, \(whole) / 60 % 60, \(whole) % 60)"
      ),
    ]
    var expression = text
    for (mark, value) in marks {
      // A mark's text is made only where the template holds the mark: the day's and the
      // clocks' are most of a write-back's cost, and most templates hold the sol alone.
      let written = "coalesce(\(value), '\(mark)')"
      expression =
        "replace(\(expression), '\(mark)',"
        + " CASE WHEN instr(\(text), '\(mark)') > 0 THEN \(written) ELSE '' END)"
    }
    return "CASE WHEN \(templated) THEN \(expression) ELSE \(text) END"
  }

  /// `bytes` with each whole decimal `number` (no digit either side) written `{sol}`.
  private static func replacingNumber(_ number: Int, in bytes: [UInt8]) -> [UInt8] {
    var digits: [UInt8] = []
    DecimalDigits.append(number, to: &digits)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
    while index < bytes.count {
      let end = index + digits.count
      if end <= bytes.count, bytes[index..<end].elementsEqual(digits),
        index == 0 || !isDigit(bytes[index - 1]), end == bytes.count || !isDigit(bytes[end])
      {
        out += solMark
        index = end
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// `{sol}` as bytes.
  private static let solMark = Fields.Mark.sol.written

  /// A text's hash, what the `texts` table finds it by.
  static func hash(_ text: String) -> Int64 {
    var text = text
    return Int64(bitPattern: text.withUTF8 { FNV1a.hash(UnsafeRawBufferPointer($0)) })
  }
}
