/// The catalogue's tables, written once here: what `catalog sync` creates, what `catalog
/// --schema` and the README print, and what every query names. The schema is kept stable, so
/// `sqlite3`, Datasette or pandas can read the file too; a change that is not an addition
/// raises ``version``.
public enum CatalogSchema {
  /// One column of the photos table.
  public struct Column: Sendable {
    /// Its name.
    public var name: String
    /// Its SQL type and constraints.
    public var type: String
    /// What it holds, for the printed schema.
    public var meaning: String
  }

  /// `PRAGMA user_version` of a catalogue this build writes and reads.
  public static let version = 1

  /// The photos table's columns, in order.
  public static let photoColumns: [Column] = [
    Column(name: "id", type: "INTEGER PRIMARY KEY", meaning: "the row's own number"),
    Column(
      name: "mission", type: "INTEGER NOT NULL REFERENCES missions(id)",
      meaning: "the mission: missions.id"),
    Column(name: "sol", type: "INTEGER NOT NULL", meaning: "the Martian day, from landing"),
    Column(
      name: "nasa_id", type: "TEXT NOT NULL", meaning: "the image's base name: its identity"),
    Column(
      name: "sequence", type: "TEXT", meaning: "the observation sequence, from nasa_id"),
    Column(
      name: "feed_id", type: "INTEGER",
      meaning: "the source's own number (Curiosity's feed; the API's for Spirit, Opportunity)"),
    Column(name: "camera", type: "TEXT NOT NULL", meaning: "the camera, as the API names it"),
    Column(
      name: "instrument", type: "TEXT",
      meaning: "NASA's instrument, such as NAV_LEFT_B; else the camera (Spirit, Opportunity)"),
    Column(
      name: "earth_date", type: "TEXT",
      meaning: "the UTC day taken, YYYY-MM-DD, where it is not date_taken's"),
    Column(name: "date_taken", type: "TEXT", meaning: "when taken, UTC, as the record says"),
    Column(
      name: "lmst", type: "REAL",
      meaning: "local mean solar time, seconds after the sol's midnight"),
    Column(
      name: "ls", type: "REAL",
      meaning: "solar longitude at date_taken, degrees (the season; Mars24)"),
    Column(name: "mast_az", type: "REAL", meaning: "the mast's azimuth, degrees"),
    Column(name: "mast_el", type: "REAL", meaning: "the mast's elevation, degrees"),
    Column(name: "site", type: "INTEGER", meaning: "the rover's site number"),
    Column(name: "drive", type: "INTEGER", meaning: "the drive within the site"),
    Column(name: "sample_type", type: "TEXT", meaning: "full, thumbnail, subframe, downsampled"),
    Column(name: "filter", type: "TEXT", meaning: "the camera's filter"),
    Column(name: "width", type: "INTEGER", meaning: "the image's width, pixels"),
    Column(name: "height", type: "INTEGER", meaning: "the image's height, pixels"),
    Column(
      name: "address", type: "INTEGER REFERENCES addresses(id)",
      meaning: "img_src is addresses.prefix || nasa_id || addresses.suffix"),
    Column(name: "img_src", type: "TEXT", meaning: "the image's address, when not so made"),
    Column(
      name: "title", type: "INTEGER REFERENCES texts(id)",
      meaning: "NASA's title, as a template in texts"),
    Column(
      name: "caption", type: "INTEGER REFERENCES texts(id)",
      meaning: "NASA's caption, as a template in texts"),
  ]

  /// The era of a photo's sol, 16 sols a step, which leads the pointing and time-of-day
  /// indexes after the instrument: a sync's new sols land on a few pages of each, not across
  /// the whole of it, so a sol costs the same in a large catalogue as in a small one.
  public static let era = "sol / \(eraSols)"

  /// The sols of one era.
  static let eraSols = 16

  /// The columns a sync writes: every one but the row's own number.
  static var writtenColumns: [Column] { Array(photoColumns.dropFirst()) }

  /// The statements that make an empty catalogue, in order.
  public static var statements: [String] { statements(commented: false) }

  /// The schema as `catalog --schema` prints it: the statements, each photo column's meaning
  /// as a comment.
  public static var text: String {
    let header = "-- rovers catalogue, schema version \(version) (PRAGMA user_version)\n"
    return header + statements(commented: true).map { $0 + ";\n" }.joined()
  }

  /// The indexes an era leads, by name; a catalogue made before them had others of these
  /// names, which a sync replaces (``Catalog``).
  static let eraIndexes = [("photos_by_azimuth", "mast_az"), ("photos_by_time", "lmst")].map {
    (name: $0.0, sql: "CREATE INDEX \($0.0) ON photos (instrument, \(era), \($0.1))")
  }

  private static func statements(commented: Bool) -> [String] {
    let columns = photoColumns.enumerated().map { index, column in
      let comma = index == photoColumns.count - 1 ? "" : ","
      return "  \(column.name) \(column.type)\(comma)"
        + (commented ? " -- \(column.meaning)" : "")
    }.joined(separator: "\n")
    return [
      """
      CREATE TABLE missions (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        synced_at TEXT
      )
      """,
      // One row per sol synced, those without photos too: what a sync holds, read without
      // touching the photos.
      """
      CREATE TABLE sols (
        mission INTEGER NOT NULL REFERENCES missions(id),
        sol INTEGER NOT NULL,
        photos INTEGER NOT NULL,
        synced_at TEXT NOT NULL,
        PRIMARY KEY (mission, sol)
      ) WITHOUT ROWID
      """,
      // Photos per sol and instrument: counts by sol, camera or mission answered from it at
      // any size, and the cameras a search names resolved to their instruments.
      """
      CREATE TABLE sol_cameras (
        mission INTEGER NOT NULL REFERENCES missions(id),
        sol INTEGER NOT NULL,
        instrument TEXT NOT NULL,
        camera TEXT NOT NULL,
        photos INTEGER NOT NULL,
        PRIMARY KEY (mission, sol, instrument)
      ) WITHOUT ROWID
      """,
      // Each mission's instruments, the camera each belongs to (what `--camera` names) and
      // their photos: counts of a whole mission at any size.
      """
      CREATE TABLE cameras (
        mission INTEGER NOT NULL REFERENCES missions(id),
        instrument TEXT NOT NULL,
        camera TEXT NOT NULL,
        photos INTEGER NOT NULL,
        PRIMARY KEY (mission, instrument)
      ) WITHOUT ROWID
      """,
      // Titles and captions, each once: `{sol}`, `{utc}`, `{day}`, `{lmst}` and `{lmst_ms}`
      // in a templated text stand for the photo's own (photo_list writes them back).
      """
      CREATE TABLE texts (
        id INTEGER PRIMARY KEY,
        hash INTEGER NOT NULL,
        templated INTEGER NOT NULL,
        text TEXT NOT NULL
      )
      """,
      "CREATE INDEX texts_by_hash ON texts (hash)",
      // Image addresses are the photo's name between a few prefixes and suffixes.
      """
      CREATE TABLE addresses (
        id INTEGER PRIMARY KEY,
        prefix TEXT NOT NULL,
        suffix TEXT NOT NULL,
        UNIQUE (prefix, suffix)
      )
      """,
      "CREATE TABLE photos (\n\(columns)\n)",
      // What the searches ask most: a mission's sols, an instrument over sols, pointing or
      // time of day (by era, ``era``), and a place.
      "CREATE INDEX photos_by_sol ON photos (mission, sol)",
      "CREATE INDEX photos_by_instrument ON photos (instrument, sol)",
    ] + eraIndexes.map(\.sql) + [
      "CREATE INDEX photos_by_place ON photos (site, drive)",
      // The photos as a user reads them: the mission's name, every address, title and
      // caption whole.
      "CREATE VIEW photo_list AS\n  SELECT missions.name AS rover, "
        + photoColumns.compactMap { column in
          switch column.name {
          case "address":
            "coalesce(photos.img_src, addresses.prefix || photos.nasa_id || addresses.suffix)"
              + " AS img_src"
          case "img_src": nil
          case "earth_date": "\(CatalogRow.earthDate) AS earth_date"
          case "title", "caption":
            CatalogText.sql(
              text: "\(column.name)_text.text", templated: "\(column.name)_text.templated")
              + " AS \(column.name)"
          default: "photos.\(column.name)"
          }
        }.joined(separator: ",\n    ")
        + "\n  FROM photos JOIN missions ON missions.id = photos.mission"
        + "\n  LEFT JOIN addresses ON addresses.id = photos.address"
        + "\n  LEFT JOIN texts AS title_text ON title_text.id = photos.title"
        + "\n  LEFT JOIN texts AS caption_text ON caption_text.id = photos.caption",
    ]
  }
}
