import Foundation
import JourneyEngine
import JourneyMaps
import Orchestrate

/// Which journey's definition, at which server and realm: what the map pane (`M`) reads.
public struct JourneyMapKey: Sendable, Hashable {
    /// The server's base URL (`https://am.example.com/am`).
    public let server: String
    /// `/`, `/alpha`.
    public let realm: String
    public let journey: String
    /// The tab's own `journeys` option: export files or folders read instead of asking anyone.
    public let definitions: [String]
    /// Where the realm's journey definitions are read from a live AM (``LiveAM/trees``).
    public let trees: URL

    public init(server: ServerConfiguration, journey: String, definitions: [String] = []) {
        self.server = server.baseURL.absoluteString
        self.realm = server.realm.description
        self.journey = journey
        self.definitions = definitions
        self.trees = server.jsonEndpoint(LiveAM.treesEndpoint)
    }
}

/// Reads a journey's definition (and the journeys it runs) for the map pane: from export files,
/// or from the tab's AM with an administrator's credential, through the transport given (the
/// tab's, so its pins and CA bundle hold). `journey` sets it up; the app knows neither.
public typealias JourneyMapReader = @Sendable (JourneyMapKey, any HTTPTransport) async -> JourneyCatalog

/// A definition being read, or what reading it gave.
public enum JourneyMapLoad: Sendable {
    case reading
    case read(JourneyCatalog)
}

/// The map pane (`M`): the tab's journey drawn as a map, the pages the run has shown marked.
public struct MapPane: Sendable {
    public let tabID: Int
    /// Nil for a tab without a journey (a DaVinci flow's).
    public let key: JourneyMapKey?
    /// Columns and rows of the map scrolled past.
    public var left = 0
    public var top = 0
    /// The pane keeps the run's page in view until the person scrolls.
    public var followsRun = true

    public init(tabID: Int, key: JourneyMapKey?) {
        self.tabID = tabID
        self.key = key
    }
}

extension JourneyTab {
    /// The pages this run has shown, as the map matches them: in order, each by its stage and
    /// its callbacks' types. A page shown again at once (a poll, a refused answer) counts once.
    mutating func notePage(_ step: JourneyStep) {
        let page = PageSignature(stage: step.stage, callbackTypes: step.callbacks.map(\.type))
        if pagesShown.last != page { pagesShown.append(page) }
    }

    /// Where the run went on `journey`'s map (`RunMarks`), with the inner trees it runs.
    func marks(on journey: JourneyDefinition, innerTrees: [JourneyDefinition]) -> MapMarks {
        let standing: RunMarks.Standing = switch phase {
        case .answering, .busy, .polling: form == nil ? .other : .onPage
        case .signedIn: .ended(.success)
        // AM said no: the run ended at Failure; a network error ends nowhere on the map.
        case .ended(let error): error.isAuthenticationFailure ? .ended(.failure) : .other
        case .idle: .other
        }
        return RunMarks.marks(for: pagesShown, on: journey, innerTrees: innerTrees, standing: standing)
    }
}
