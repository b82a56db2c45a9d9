import Foundation
import Testing

/// Every output format of the same command on the same fixture.
@Suite(.timeLimit(.minutes(3))) struct FormatEndToEndTests {
  func photos(_ format: [String]) async throws -> CapturedRun {
    let server = try await FixtureServer.start()
    return try await CapturedRun.rovers(
      ["photos", "spirit", "--sol", "1"] + format, base: server.baseURL)
  }

  @Test func everyFormatHoldsTheSame77Photos() async throws {
    let table = try await photos([])
    #expect(table.stdout.split(separator: "\n").count == 78)

    let json = try await photos(["--format", "json"])
    let objects = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(objects?.count == 77)

    let ndjson = try await photos(["--format", "ndjson"])
    let lines = ndjson.stdout.split(separator: "\n")
    #expect(lines.count == 77)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    #expect(first?["id"] as? Int == 287319)
    #expect(first?["camera"] as? String == "FHAZ")

    let csv = try await photos(["--format", "csv", "--fields", "id,camera,img_src"])
    let rows = csv.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }
    #expect(rows.count == 78)
    #expect(rows[0] == "id,camera,img_src")
    #expect(rows[1].hasPrefix("287319,FHAZ,http://mars.nasa.gov/mer/gallery/"))

    let tsv = try await photos(["--format", "tsv", "--fields", "camera,id"])
    let cells = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t") }
    #expect(cells.count == 78 && cells.allSatisfy { $0.count == 2 })
    #expect(cells[1] == ["FHAZ", "287319"])

    let urls = try await photos(["--urls"])
    #expect(urls.stdout.split(separator: "\n").count == 77)
    #expect(urls.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("http://mars.nasa.gov/") })
  }

  @Test func theDoneWhenCSV() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["manifest", "curiosity", "--format", "csv", "--fields", "sol,earth_date,total_photos"],
      base: server.baseURL)
    #expect(
      run.stdout.hasPrefix(
        "sol,earth_date,total_photos\n0,2012-08-06,3702\n1,2012-08-07,16\n"))
    #expect(run.stdout.components(separatedBy: "\n").count == 2283)
  }

  @Test func aPipeGetsWholeURLsAndNoColour() async throws {
    let run = try await photos(["--fields", "img_src"])
    #expect(!run.stdout.contains("…"))
    #expect(!run.stdout.contains("\u{1B}"))
    let server = try await FixtureServer.start()
    // A shell exports COLUMNS to every program; in a pipe it must not cut a line.
    let exported = try await CapturedRun.rovers(
      ["photos", "spirit", "--sol", "1", "--fields", "id,img_src"], base: server.baseURL,
      environment: ["COLUMNS": "40"])
    #expect(!exported.stdout.contains("…"))
    #expect(exported.stdout.split(separator: "\n").contains { $0.count > 40 })
  }
}
