import Foundation

extension APIClient {
  /// Sends until a 2xx answer, a failure not worth retrying, or the last retry.
  func sendRetrying(_ httpRequest: HTTPRequest, summary: String) async throws
    -> HTTPResponse
  {
    var retry = 0
    while true {
      let outcome: Result<HTTPResponse, TransportError>
      do {
        outcome = .success(try await attempt(httpRequest, summary: summary))
      } catch let failure as TransportError {
        outcome = .failure(failure)
      }
      let failure: APIError
      var serverWait: Double?
      switch outcome {
      case .success(let response):
        if (200..<300).contains(response.status) { return response }
        let answer = ServerErrorResponse(response)
        failure = .status(request: summary, response: answer)
        guard RetryPolicy.isRetryable(status: answer.status) else { throw failure }
        serverWait = answer.retryAfter
        // A server asking for a long pause is answered at once: a cron job should not sit
        // for an hour; the caller says when to try again.
        if let wait = serverWait, wait > retryPolicy.longestServerWait { throw failure }
      case .failure(let transportFailure):
        failure = .transport(request: summary, failure: transportFailure)
      }
      guard retry < retryPolicy.maxRetries else { throw failure }
      retry += 1
      let delay = serverWait ?? retryPolicy.backoff(beforeRetry: retry)
      onEvent(
        .retrying(
          request: summary, retry: retry, of: retryPolicy.maxRetries, delay: delay,
          reason: failure.reason))
      try await sleeper.sleep(seconds: delay)
    }
  }

  /// One attempt, bounded by ``timeout`` whatever the transport does: the transport and a
  /// timer race, and the loser is cancelled.
  private func attempt(_ request: HTTPRequest, summary: String) async throws -> HTTPResponse {
    let started = ContinuousClock.now
    let timeout = self.timeout
    let response = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
      group.addTask { try await transport.send(request) }
      group.addTask {
        try await Task.sleep(for: .milliseconds(Int64(min(timeout, 86_400) * 1000)))
        throw TransportError.timedOut
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw CancellationError() }
      return first
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    onEvent(.answered(request: summary, status: response.status, seconds: seconds))
    return response
  }
}
