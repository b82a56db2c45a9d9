import MarsCatalog
import PlainText

extension CatalogMission: JSONPrintable {
  /// `{"last_sol", "name", "photos", "sols", "synced_at"}`, `null` where none.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("last_sol", lastSol)
      json.member("name", name)
      json.member("photos", photos)
      json.member("sols", sols)
      json.member("synced_at", syncedAt)
    }
  }
}

extension CatalogSync.Outcome: JSONPrintable {
  /// `{"last_sol", "photos", "rover", "sols"}`: what one rover's sync wrote.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("last_sol", lastSol)
      json.member("photos", photos)
      json.member("rover", rover)
      json.member("sols", sols)
    }
  }
}

extension Catalog.GroupCount: JSONPrintable {
  /// `{"count", "group"}`.
  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("count", count)
      json.member("group", key)
    }
  }
}

/// What `catalog` and `search --count` print, as records.
package enum CatalogRecords {
  /// A mission's row of `rovers catalog`.
  package static let missionFields: [Records.Field] = [
    .init("name"), .init("photos", alignRight: true), .init("sols", alignRight: true),
    .init("last_sol", alignRight: true), .init("synced_at"),
  ]

  /// The missions a catalogue holds.
  package static func missions(_ missions: [CatalogMission]) -> Records {
    Records(missionFields, missions) {
      [
        .text($0.name), .number($0.photos), .number($0.sols), .number($0.lastSol),
        .text($0.syncedAt),
      ]
    }
  }

  /// A rover's row of `catalog sync --json`.
  package static let outcomeFields: [Records.Field] = [
    .init("rover"), .init("sols"), .init("photos"), .init("last_sol"),
  ]

  /// What each rover's sync wrote.
  package static func outcomes(_ outcomes: [CatalogSync.Outcome]) -> Records {
    Records(outcomeFields, outcomes) {
      [.text($0.rover), .number($0.sols), .number($0.photos), .number($0.lastSol)]
    }
  }

  /// A group's row of `search --count` and `--group-by`.
  package static let countFields: [Records.Field] = [
    .init("group"), .init("count", alignRight: true),
  ]

  /// Groups and their counts.
  package static func counts(_ counts: [Catalog.GroupCount]) -> Records {
    Records(countFields, counts) { [.text($0.key), .number($0.count)] }
  }
}
