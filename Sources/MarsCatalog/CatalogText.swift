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
    var text: String
    var templated: Bool
  }

  /// What a template's marks stand for: a photo's sol, when it was taken, its local time.
  struct Fields {
    var sol: Int
    var dateTaken: String?
    var lmst: Double?

    /// Each mark with its text for these fields; a mark whose field is absent is left out.
    var marks: [(mark: String, text: String)] {
      var marks: [(String, String)] = []
      if let dateTaken, dateTaken.count >= 19 {
        marks.append(("{utc}", String(dateTaken.prefix(19)).replacing("T", with: " ")))
      }
      if let day = dateTaken.flatMap(Self.newsDay) { marks.append(("{day}", day)) }
      if let lmst, lmst >= 0, lmst < 100_000 {
        marks.append(("{lmst_ms}", Self.clockWithMillis(lmst)))
        marks.append(("{lmst}", Self.clock(Int(lmst))))
      }
      return marks
    }

    /// `HH:MM:SS` of seconds after midnight.
    static func clock(_ seconds: Int) -> String {
      digits(seconds / 3600, 2) + ":" + digits(seconds / 60 % 60, 2) + ":"
        + digits(seconds % 60, 2)
    }

    /// `HH:MM:SS.mmm` of seconds after midnight, to the nearest millisecond.
    static func clockWithMillis(_ seconds: Double) -> String {
      let millis = Int((seconds * 1000).rounded())
      return clock(millis / 1000) + "." + digits(millis % 1000, 3)
    }

    /// `value` in at least `count` digits, zeros in front.
    static func digits(_ value: Int, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }

    /// The Associated Press's months, as NASA's captions write a day: `Aug. 30, 2026`.
    static let months = [
      "Jan.", "Feb.", "March", "April", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.",
      "Dec.",
    ]

    /// `Aug. 30, 2026` of a time `2026-08-30T…`.
    static func newsDay(_ time: String) -> String? {
      let parts = time.prefix(10).split(separator: "-")
      guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
        let day = Int(parts[2]), (1...12).contains(month)
      else { return nil }
      return "\(months[month - 1]) \(day), \(year)"
    }
  }

  /// The template of `text` for `fields` and whether it is one (else `text` as it is).
  static func template(_ text: String, _ fields: Fields) -> (text: String, templated: Bool) {
    var bytes = Array(text.utf8)
    guard !bytes.contains(UInt8(ascii: "{")) else { return (text, false) }
    for (mark, value) in fields.marks where !value.isEmpty {
      bytes = replacing(Array(value.utf8), with: Array(mark.utf8), in: bytes)
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
    guard let first = value.first, bytes.count >= value.count else { return bytes }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
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
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "{"),
          let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
          let value = value(of: bytes[(index + 1)..<close], fields)
        {
          out += value.utf8
          index = close + 1
        } else {
          out.append(byte)
          index += 1
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// The text of the mark named `name` (between its braces) for `fields`; `nil` for a name
  /// that is no mark, or whose field is absent.
  private static func value(of name: Slice<UnsafeBufferPointer<UInt8>>, _ fields: Fields)
    -> String?
  {
    switch String(decoding: name, as: UTF8.self) {
    case "sol": String(fields.sol)
    case let other: fields.marks.first { $0.mark == "{\(other)}" }?.text
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
      ("{sol}", "photos.sol"),
      ("{utc}", "replace(substr(\(taken), 1, 19), 'T', ' ')"),
      (
        "{day}",
        "(CASE substr(\(taken), 6, 2) \(month) END) || ' ' || CAST(substr(\(taken), 9, 2) AS"
          + " INTEGER) || ', ' || substr(\(taken), 1, 4)"
      ),
      (
        "{lmst_ms}",
        "printf('%02d:%02d:%02d.%03d', \(millis) / 3600000, \(millis) / 60000 % 60,"
          + " \(millis) / 1000 % 60, \(millis) % 1000)"
      ),
      (
        "{lmst}",
        "printf('%02d:%02d:%02d', \(whole) / 3600, \(whole) / 60 % 60, \(whole) % 60)"
      ),
    ]
    var expression = text
    for (mark, value) in marks {
      expression = "replace(\(expression), '\(mark)', coalesce(\(value), '\(mark)'))"
    }
    return "CASE WHEN \(templated) THEN \(expression) ELSE \(text) END"
  }

  /// `bytes` with each whole decimal `number` (no digit either side) written `{sol}`.
  private static func replacingNumber(_ number: Int, in bytes: [UInt8]) -> [UInt8] {
    let digits = Array(String(number).utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
    while index < bytes.count {
      let end = index + digits.count
      if end <= bytes.count, bytes[index..<end].elementsEqual(digits),
        index == 0 || !isDigit(bytes[index - 1]), end == bytes.count || !isDigit(bytes[end])
      {
        out += Array("{sol}".utf8)
        index = end
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// A text's hash, what the `texts` table finds it by.
  static func hash(_ text: String) -> Int64 {
    var text = text
    return Int64(bitPattern: text.withUTF8 { FNV1a.hash(UnsafeRawBufferPointer($0)) })
  }
}
