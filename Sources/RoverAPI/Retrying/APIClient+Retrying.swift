#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension APIClient {
  /// Sends until a 2xx answer, a failure not worth retrying, or the last retry.
  ///
  /// Retried: no answer at all, 429 and 5xx, and a 2xx answer its writer refused (an HTML page
  /// where an image was expected). A writer's own failure (a full disk) ends at once, as it is.
  func sendRetrying(_ httpRequest: HTTPRequest, summary: String) async throws -> HTTPResponse {
    var retry = 0
    while true {
      let failure: APIError
      var serverWait: Double?
      let turn = try await pacer.turn(sleeper: sleeper) { wait in
        onEvent(.pacing(request: summary, seconds: wait.seconds, limit: wait.limit))
      }
      switch try await outcome(of: httpRequest, summary: summary) {
      case .success(let response):
        if (200..<300).contains(response.status) {
          pacer.learn(
            status: response.status, headers: response.headers, retryAfter: nil, turn: turn,
            sleeper: sleeper)
          return response
        }
        let answer = ServerErrorResponse(response)
        pacer.learn(
          status: response.status, headers: response.headers, retryAfter: answer.retryAfter,
          turn: turn, sleeper: sleeper)
        failure = .status(request: summary, response: answer)
        guard RetryPolicy.isRetryable(status: answer.status) else { throw failure }
        serverWait = answer.retryAfter
        // A server asking for a long pause is answered at once: a cron job should not sit
        // for an hour; the caller says when to try again.
        if let wait = serverWait, wait > retryPolicy.longestServerWait { throw failure }
      case .failure(let retryable):
        failure = retryable
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

  /// One attempt: the response, or a failure worth another try; anything else is thrown.
  private func outcome(of request: HTTPRequest, summary: String) async throws
    -> Result<HTTPResponse, APIError>
  {
    do {
      let response = try await attempt(request, summary: summary)
      if let writer = request.bodyWriter {
        // A range past the end of an empty body.
        if response.status == 416, request.bodyOffset == 0 {
          throw BodyRejected("the server answered 200 with an empty body")
        }
        if (200..<300).contains(response.status),
          endsBody(response, offset: request.bodyOffset)
        {
          try writer.finish()
        }
      }
      return .success(response)
    } catch TransportError.bodyTooLarge(let limit) {
      throw APIError.undecodable(
        request: summary,
        problem: "the answer is larger than \(limit / 1_048_576) MB, the most this tool reads"
          + " (ROVERS_MAX_BODY_MB)")
    } catch let failure as TransportError {
      return .failure(.transport(request: summary, failure: failure))
    } catch let rejected as BodyRejected {
      return .failure(.undecodable(request: summary, problem: rejected.reason))
    }
  }

  /// One attempt, bounded by ``timeout`` whatever the transport does: a transport that keeps
  /// timeouts itself ends it (libcurl's loop has a timer for every transfer already);
  /// otherwise the transport and a timer race, and the loser is cancelled.
  private func attempt(_ request: HTTPRequest, summary: String) async throws -> HTTPResponse {
    let started = ContinuousClock.now
    let transport = self.transport
    var request = request
    request.timeout = min(timeout, 86_400)
    let response =
      if transport.keepsTimeouts {
        try await transport.send(request)
      } else {
        try await TimeLimit.run(seconds: request.timeout, expired: { TransportError.timedOut }) {
          [request] in try await transport.send(request)
        }
      }
    // A stub transport may hand back more than the limit; the live one stops at it.
    if (200..<300).contains(response.status), response.body.count > request.bodyLimit {
      throw TransportError.bodyTooLarge(limit: request.bodyLimit)
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    onEvent(.answered(request: summary, status: response.status, seconds: seconds))
    return response
  }
}
