import TestSupport
import Testing

@testable import MarsCatalog

/// A feed's local mean solar time, as a catalogue row keeps it: seconds after the sol's
/// midnight, or nothing for a clock no sol has; never a trap, whatever the feed sent.
@Suite struct CatalogClockTests {
  @Test(arguments: [
    ("12:34:56.789", 45_296.789), ("00:00:00", 0), ("24:39:35.244", 88_775.244),
    ("06:00:00.000", 21_600),
  ])
  func aClockIsItsSecondsAfterMidnight(_ clock: String, _ seconds: Double) {
    #expect(CatalogRow.secondsOfDay(clock[...]) == seconds)
  }

  @Test(arguments: [
    // Digits past what a whole number holds, in every part, within the length read.
    "999999999999999999999999", "99999999999999999999:00:00", "00:99999999999999999999:00",
    "00:00:99999999999999999999", "00:00:00.9999999999999999999",
    "25:00:00", "12:60:00", "12:00:61", "12:00", "12:00:00:00", "1a:00:00", ":00:00", "",
  ])
  func aClockNoSolHasIsNothing(_ clock: String) {
    #expect(CatalogRow.secondsOfDay(clock[...]) == nil)
  }

  @Test(arguments: [
    (100, 45_296.789, "Sol-00100M12:34:56.789"), (0, 0, "Sol-00000M00:00:00.000"),
    (4321, 88_775.2444, "Sol-04321M24:39:35.244"), (4321, 59.9996, "Sol-04321M00:01:00.000"),
    (123_456, 3600.5, "Sol-123456M01:00:00.500"), (-7, 61, "Sol--00007M00:01:01.000"),
    (Int.max, 3600.5, "Sol-9223372036854775807M01:00:00.500"),
  ])
  func aRowsLocalTimeIsWrittenAsTheFeedsWriteIt(_ sol: Int, _ seconds: Double, _ shown: String) {
    #expect(CatalogRow.marsTime(sol: sol, seconds: seconds) == shown)
    // What is written reads back as the same seconds, to the millisecond.
    let back = CatalogRow.secondsOfDay(shown.split(separator: "M").last)
    #expect(back.map { abs($0 - (seconds * 1000).rounded() / 1000) < 1e-9 } == true)
  }
}

/// A catalogue's values as someone's own `sqlite3` may have left them (the schema is
/// documented so people can query it, and write it): read back without a trap.
@Suite struct CatalogValuesOutOfRangeTests {
  @Test func aLocalTimeNoSolHasIsListedAsNone() throws {
    let folder = try TemporaryFolder()
    let catalog = try CatalogSearchTests.catalogue(in: folder)
    try catalog.connection.execute(
      "UPDATE photos SET lmst = CASE WHEN id % 2 = 0 THEN 1e300 ELSE -1e300 END")
    let photos = try catalog.photos(CatalogSearch())
    #expect(!photos.isEmpty)
    #expect(photos.allSatisfy { $0.details.marsTime == nil })
  }
}
