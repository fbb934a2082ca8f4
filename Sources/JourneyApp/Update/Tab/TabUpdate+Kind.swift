import DaVinci
import Foundation
import JourneyEngine
import Orchestrate
import TerminalKit

/// The one place a tab's update switches on its kind: what both kinds hear goes to the
/// journey's update (`TabUpdate+Journey.swift`, `+Browser`) or the flow's (`TabUpdate+DaVinci.swift`).
extension TabUpdate {
    /// Starts the journey, or runs the flow, from the first page.
    mutating func start() -> [AppEffect] {
        switch tab.client {
        case .journey: startJourney()
        case .davinci: startFlow()
        }
    }

    /// The tab's instance was read (or could not be).
    mutating func opened(_ result: Result<InstanceSnapshot, InstanceProblem>) -> [AppEffect] {
        switch (tab.client, result) {
        case (.journey, _): return journeyOpened(result)
        case (.davinci, .success(let snapshot)): return davinciOpened(snapshot)
        case (.davinci, .failure(let problem)):
            davinciNotOpened(problem)
            return []
        }
    }

    /// The answer to the tab's request, read as each kind's own error when there was none.
    mutating func responded(_ result: Result<HTTPResponse, TransportError>, requestID: Int) -> [AppEffect] {
        switch tab.client {
        case .journey: journeyResponded(result.mapError(JourneyError.init), requestID: requestID)
        case .davinci: flowResponded(result.mapError(DaVinciError.init), requestID: requestID)
        }
    }

    /// A scheduled poll's wait is over (a journey's polling page, a DaVinci polling form).
    mutating func pollDue(authId: String) -> [AppEffect] {
        switch tab.client {
        case .journey: journeyPollDue(authId: authId)
        case .davinci: flowPollDue(authId: authId)
        }
    }

    /// A key for the form on screen; nil when the form does not take it.
    mutating func key(_ key: KeyEvent) -> [AppEffect]? {
        switch tab.client {
        case .journey: journeyKey(key)
        case .davinci: flowKey(key)
        }
    }

    /// What the tab's stores hold now: a journey tab follows its session store, a DaVinci tab its
    /// token store.
    mutating func follow(_ snapshot: InstanceSnapshot) -> [AppEffect] {
        switch tab.client {
        case .journey(let journey):
            return followSessionStore(snapshot, journey: journey)
        case .davinci:
            followTokenStore(snapshot.flowTokens)
            return []
        }
    }
}

extension ClientTab {
    /// Spinners turn; a polling page counts down. Ticks come ten times a second, so the tab
    /// takes them itself, without the context a `TabUpdate` gathers.
    mutating func tick(at instant: ContinuousClock.Instant) {
        switch client {
        case .journey(let walking):
            switch walking.phase {
            case .busy(var request):
                request.spinnerFrame += 1
                self.journey?.phase = .busy(request)
            case .polling(_, let due):
                self.journey?.form?.tick(remaining: max(.zero, due - instant))
            default:
                break
            }
        case .davinci(let running):
            if case .busy(var request) = running.phase {
                request.spinnerFrame += 1
                self.davinci?.phase = .busy(request)
            }
        }
    }
}
