extension Result where Failure == any Error {
  /// What `body` gave or threw, cancellation included: for work whose failure is an outcome to
  /// keep, such as one rover's fetch or an extra beside the main work.
  public init(awaiting body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
