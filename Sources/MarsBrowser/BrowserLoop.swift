import MarsFetching
import RasterImages
import RoverAPI
import TerminalScreen

/// Where the browser draws: the real terminal, or a test's screen.
public protocol BrowserScreen: Sendable {
  /// Sends bytes to the screen.
  func write(_ text: String)
}

extension TerminalSession: BrowserScreen {}

/// Something that happened, for the browser to take in order: a key, a load's answer, a
/// download's progress.
public enum BrowserEvent: Sendable {
  /// What the terminal said.
  case terminal(TerminalEvent)
  /// A load ended.
  case loaded(Load, LoadResult, token: ObjectIdentifier)
  /// A download went on.
  case progress(DownloadOrder, DownloadCount)
  /// A download ended.
  case finished(DownloadOrder, Result<DownloadReport, BrowserState.Failure>)
  /// A line a source had to say (a fail-over, a pause for the rate limit): the status line's.
  case notice(String)
  /// A movie's frame has had its time (`m`).
  case tick
}

/// Runs the browser: takes events in order, applies them to the state, draws what changed,
/// and keeps the loads the state wants running, as child tasks of one task group.
///
/// A load the state no longer wants (the selection moved on) is cancelled at once, so loads
/// never pile up however fast keys come; downloads run to their end beside the browsing, and
/// quitting cancels whatever is still running and waits for it.
public struct BrowserLoop: Sendable {
  let services: BrowserServices
  let screen: any BrowserScreen

  /// A loop over `services`, drawing on `screen`.
  public init(services: BrowserServices, screen: any BrowserScreen) {
    self.services = services
    self.screen = screen
  }

  /// Browses from `initial` until a key quits or the calling task is cancelled; returns the
  /// state at the end.
  public func run(
    _ initial: BrowserState, events: AsyncStream<BrowserEvent>,
    post: AsyncStream<BrowserEvent>.Continuation
  ) async -> BrowserState {
    var state = initial
    if let rover = state.rover { state.saved[rover] = services.savedSols(rover) }
    let services = self.services
    return await withTaskGroup(of: Void.self) { group in
      var running: [Load: LoadToken] = [:]
      var ticker: LoadToken?
      var shown: ScreenBuffer? = nil
      func draw() {
        let next = BrowserView.render(state)
        screen.write(FrameDiff.changes(from: shown, to: next))
        shown = next
      }
      /// Cancels what is no longer wanted and starts what is.
      func reconcile(_ group: inout TaskGroup<Void>) {
        // A movie ticks at its pace while it plays; the clock stops with it.
        if state.movie == nil, let clock = ticker {
          clock.cancel()
          ticker = nil
        } else if state.movie != nil, ticker == nil {
          let clock = LoadToken()
          ticker = clock
          group.addTask {
            _ = await clock.run {
              while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(MoviePlayback.frameMilliseconds))
                if !Task.isCancelled { post.yield(.tick) }
              }
            }
          }
        }
        let wanted = state.wantedLoads
        for (load, token) in running where !wanted.contains(load) {
          token.cancel()
          running[load] = nil
        }
        for load in wanted where running[load] == nil {
          let token = LoadToken()
          running[load] = token
          let id = ObjectIdentifier(token)
          let columns = BrowserView.previewWidth(state.columns)
          group.addTask {
            guard let result = await token.run({ await Self.fetch(load, services, columns) })
            else { return }
            post.yield(.loaded(load, result, token: id))
          }
        }
      }
      draw()
      reconcile(&group)
      for await event in events {
        guard !Task.isCancelled else { break }
        var effects: [BrowserEffect] = []
        switch event {
        case .terminal(let terminal):
          effects = state.apply(terminal)
        case .loaded(let load, let result, let token):
          if running[load].map(ObjectIdentifier.init) == token { running[load] = nil }
          state.receive(load, result)
          if case .sols(let rover) = load, state.saved[rover] == nil {
            state.saved[rover] = services.savedSols(rover)
          }
        case .progress(let order, let progress):
          state.progress(order, progress)
        case .finished(let order, let result):
          state.finished(order, result)
        case .notice(let line):
          state.message = BrowserState.Message(text: line, isError: false)
        case .tick:
          state.advanceMovie()
        }
        if effects.contains(.quit) { break }
        for effect in effects {
          switch effect {
          case .quit: break
          case .redraw: shown = nil
          case .open(let photo):
            if let reason = services.open(photo) {
              state.message = BrowserState.Message(text: reason, isError: true)
            }
          case .download(let order):
            group.addTask {
              let result: Result<DownloadReport, BrowserState.Failure>
              do {
                result = .success(
                  try await services.download(order) { post.yield(.progress(order, $0)) })
              } catch is CancellationError {
                return
              } catch {
                result = .failure(BrowserState.Failure(services.describe(error)))
              }
              post.yield(.finished(order, result))
            }
          }
        }
        reconcile(&group)
        draw()
      }
      for token in running.values { token.cancel() }
      ticker?.cancel()
      group.cancelAll()
      return state
    }
  }

  /// Runs one load to its result; a failure is a result too, in the commands' words.
  static func fetch(_ load: Load, _ services: BrowserServices, _ columns: Int) async -> LoadResult {
    do {
      switch load {
      case .rovers:
        let (rows, failures) = try await services.rovers()
        return .rovers(rows, failures: failures)
      case .missions:
        let (rows, failures) = try await services.missions()
        return .rovers(rows, failures: failures)
      case .sols(let rover): return .sols(try await services.sols(rover))
      case .photos(let key): return .photos(try await services.photos(key))
      case .found(let words, let rover):
        guard let search = services.search else { return .failed("there is no catalogue") }
        return .photos(try await search(words, rover))
      case .preview(let address): return .preview(try await services.preview(address, columns))
      case .traverse(let rover): return .traverse(try await services.traverse(rover))
      case .anaglyph(let left, let right):
        // Both frames at once; the right one scaled to the left's size if they differ.
        async let leftImage = services.preview(left, columns)
        let rightImage = try await services.preview(right, columns)
        return .preview(
          try Anaglyph.combine(left: try await leftImage, right: rightImage, scaling: true))
      }
    } catch {
      return .failed(services.describe(error))
    }
  }
}
