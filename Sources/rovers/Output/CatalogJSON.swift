import CommandRuntime
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
