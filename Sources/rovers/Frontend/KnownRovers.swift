/// The four rovers the API has always listed: requests for them start before the server's
/// list arrives, and their names stand in when the server cannot list its rovers. The
/// server's own list decides what is shown.
enum KnownRovers {
  static let names = ["Curiosity", "Spirit", "Opportunity", "Perseverance"]
}
