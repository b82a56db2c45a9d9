import PlainText

/// One member of a photo's details as the tool names, writes and reads it. ``PhotoDetails``'s
/// ``PhotoDetails/members`` is the one list of them: the printed JSON, the tables, CSV,
/// `--fields`, a mirror's sol records and the reading of them all go through it, so a new
/// field is one line there.
public struct PhotoDetailMember: Sendable {
  /// A member's value, of one of the kinds JSON and the tables write.
  public enum Value: Sendable {
    case text(String?)
    case integer(Int?)
    case decimal(Double?)
    case integers([Int]?)
    case decimals([Double]?)
    case lists([[Double]]?)
  }

  /// The JSON name, which `--fields` takes: `mast_az`.
  public let name: String
  /// The column's heading, when it is not the name in capitals (`LATITUDE`).
  public let title: String?
  /// Whether the column's cells align right: numbers.
  public let alignRight: Bool
  /// The member's value in the details at a pointer: a key path read from a whole struct
  /// copies the struct (a photo's every string retained and released) for each member, and a
  /// row of CSV reads them all.
  let valueAt: @Sendable (UnsafePointer<PhotoDetails>) -> Value
  /// Reads the member's value, leniently (``LenientMember``: a `Decoder`'s or a scanner's),
  /// into details; `nil` for a member made from another (the place's parts are kept and read
  /// together as `place`).
  let read: (@Sendable (any LenientMember, inout PhotoDetails) -> Void)?

  /// Whether a mirror's sol record keeps the member under its own name.
  public var isKept: Bool { read != nil }

  /// The member's value in a photo's details.
  public func value(_ details: PhotoDetails) -> Value {
    withUnsafePointer(to: details) { valueAt($0) }
  }

  /// The member's value in the details at `details`: a caller reading every member of one
  /// photo's details takes its pointer once.
  public func value(at details: UnsafePointer<PhotoDetails>) -> Value { valueAt(details) }

  /// Writes the member to `json`: an absent value as the writer's style writes one.
  public func write(_ details: PhotoDetails, to json: inout JSONWriter) {
    switch value(details) {
    case .text(let text): json.member(name, text)
    case .integer(let number): json.member(name, number)
    case .decimal(let number): json.member(name, number)
    case .integers(let numbers): json.member(name, integers: numbers)
    case .decimals(let numbers): json.member(name, numbers: numbers)
    case .lists(let lists): json.member(name, lists: lists)
    }
  }

  /// Writes the member with `Encoder`, left out when absent, as `JSONEncoder` writes it.
  func encode(_ details: PhotoDetails, to container: inout KeyedEncodingContainer<MemberKey>)
    throws
  {
    let key = MemberKey(name)
    switch value(details) {
    case .text(let text): try container.encodeIfPresent(text, forKey: key)
    case .integer(let number): try container.encodeIfPresent(number, forKey: key)
    case .decimal(let number): try container.encodeIfPresent(number, forKey: key)
    case .integers(let numbers): try container.encodeIfPresent(numbers, forKey: key)
    case .decimals(let numbers): try container.encodeIfPresent(numbers, forKey: key)
    case .lists(let lists): try container.encodeIfPresent(lists, forKey: key)
    }
  }

  /// A member's name as a coding key.
  struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

extension PhotoDetailMember {
  typealias Path<Value> = WritableKeyPath<PhotoDetails, Value> & Sendable
  typealias Reader<Value> = @Sendable (any LenientMember) -> Value

  /// A member kept at `path`, shown as `wrap` makes it, read back with `read`.
  private static func stored<Stored>(
    _ name: String, _ title: String?, alignRight: Bool, _ path: Path<Stored>,
    _ wrap: @escaping @Sendable (consuming Stored) -> Value, _ read: @escaping Reader<Stored>
  ) -> Self {
    // Every member's path is of stored properties: its place in the struct is found once, and
    // a value is read there rather than through the path (which copies the whole struct).
    // `wrap` takes the value read, so that it moves into the member's value, not copied.
    let valueAt: @Sendable (UnsafePointer<PhotoDetails>) -> Value
    if let offset = MemoryLayout<PhotoDetails>.offset(of: path) {
      valueAt = { wrap(UnsafeRawPointer($0).load(fromByteOffset: offset, as: Stored.self)) }
    } else {
      valueAt = { wrap($0.pointee[keyPath: path]) }
    }
    return Self(
      name: name, title: title, alignRight: alignRight, valueAt: valueAt,
      read: { member, details in details[keyPath: path] = read(member) })
  }

  /// A text member.
  static func text(_ name: String, title: String? = nil, _ path: Path<String?>) -> Self {
    stored(name, title, alignRight: false, path, { .text($0) }, { $0.lenientString })
  }

  /// A whole number.
  static func integer(_ name: String, title: String? = nil, _ path: Path<Int?>) -> Self {
    stored(name, title, alignRight: true, path, { .integer($0) }, { $0.lenientInt })
  }

  /// An angle in degrees.
  static func degrees(_ name: String, _ path: Path<Double?>) -> Self {
    stored(name, nil, alignRight: true, path, { .decimal($0) }, { $0.lenientDegrees })
  }

  /// A number with a fraction.
  static func decimal(_ name: String, title: String? = nil, _ path: Path<Double?>) -> Self {
    stored(name, title, alignRight: true, path, { .decimal($0) }, { $0.lenientDouble })
  }

  /// A list of `count` whole numbers.
  static func integers(_ name: String, count: Int, _ path: Path<[Int]?>) -> Self {
    stored(
      name, nil, alignRight: false, path, { .integers($0) },
      { $0.lenientIntegers(count: count) })
  }

  /// A list of numbers: a vector, a quaternion.
  static func decimals(_ name: String, title: String? = nil, _ path: Path<[Double]?>) -> Self {
    stored(name, title, alignRight: false, path, { .decimals($0) }, { $0.lenientNumbers })
  }

  /// Lists of numbers: a camera model's vectors and numbers, as JSON lists or NASA's string.
  static func lists(_ name: String, title: String? = nil, _ path: Path<[[Double]]?>) -> Self {
    stored(name, title, alignRight: false, path, { .lists($0) }, { $0.lenientLists })
  }

  /// A member made from another, shown and printed but neither kept nor read on its own.
  static func derived(
    _ name: String, title: String? = nil, alignRight: Bool = false,
    _ value: @escaping @Sendable (UnsafePointer<PhotoDetails>) -> Value
  ) -> Self {
    Self(name: name, title: title, alignRight: alignRight, valueAt: value, read: nil)
  }
}

extension PhotoDetails {
  /// Every member of a photo's details, in the order `--fields` and the tables take them.
  public static let members: [PhotoDetailMember] = [
    .text("mars_time", \.marsTime),
    .degrees("mast_az", \.mastAzimuth),
    .degrees("mast_el", \.mastElevation),
    .integer("site", \.site),
    .integer("drive", \.drive),
    .text("sample_type", \.sampleType),
    .text("filter", \.filter),
    .text("title", \.title),
    .text("caption", \.caption),
    .text("credit", \.credit),
    // The place's parts are kept in a record as one object, `place` (``PhotoPlace``).
    .derived("lat", title: "LATITUDE", alignRight: true) { .decimal($0.pointee.place?.latitude) },
    .derived("lon", title: "LONGITUDE E", alignRight: true) {
      .decimal($0.pointee.place?.longitude)
    },
    .derived("elevation", title: "ELEVATION M", alignRight: true) {
      .decimal($0.pointee.place?.elevation)
    },
    .derived("place") {
      .text($0.pointee.place.map { $0.isExact ? "exact" : "approximate" })
    },
    .decimal("sclk", title: "SCLK", \.capture.spacecraftClock),
    .integers("subframe_rect", count: 4, \.capture.subframeRect),
    .integer("scale_factor", title: "SCALE", \.capture.scaleFactor),
    .integers("dimension", count: 2, \.capture.dimension),
    .text("date_taken", \.capture.dateTaken),
    .text("date_received", \.capture.dateReceived),
    .text("camera_model_type", title: "CAMERA MODEL", \.capture.cameraModelType),
    .lists("camera_model_components", title: "MODEL COMPONENTS", \.capture.cameraModelComponents),
    .decimals("camera_position", \.capture.cameraPosition),
    .decimals("camera_vector", \.capture.cameraVector),
    .decimals("attitude", \.capture.attitude),
    .decimals("xyz", title: "XYZ", \.capture.xyz),
  ]

  /// The members in the order of their names, as JSON writes them.
  public static let membersByName = members.sorted { $0.name < $1.name }

  /// The name a record keeps the place under.
  static let placeKey = PhotoDetailMember.MemberKey("place")

  /// Reads what is there, leniently: a value of the wrong type is left out.
  public init(from decoder: any Decoder) throws {
    self.init()
    let container = try decoder.container(keyedBy: PhotoDetailMember.MemberKey.self)
    for member in Self.members {
      member.read?(
        DecodedMember(container: container, key: PhotoDetailMember.MemberKey(member.name)), &self)
    }
    place = try? container.decodeIfPresent(PhotoPlace.self, forKey: Self.placeKey)
  }

  /// Writes what is there, as one object: each kept member, and the place.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: PhotoDetailMember.MemberKey.self)
    for member in Self.members where member.isKept { try member.encode(self, to: &container) }
    try container.encodeIfPresent(place, forKey: Self.placeKey)
  }

  /// Writes the details as a record keeps them (compact JSON): each kept member by name, the
  /// place as one object.
  public func write(to json: inout JSONWriter) {
    json.object { json in
      for member in Self.membersByName {
        if member.isKept {
          member.write(self, to: &json)
        } else if member.name == "place", let place {
          json.key("place")
          json.object { json in
            json.member("elevation", place.elevation)
            json.member("exact", place.isExact)
            json.member("lat", place.latitude)
            json.member("lon", place.longitude)
          }
        }
      }
    }
  }
}
