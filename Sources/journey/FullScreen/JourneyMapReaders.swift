import DemoAM
import Foundation
import JourneyApp
import JourneyMaps
import Orchestrate
import Synchronization

/// Where the full-screen UI's map pane (`M`) reads journey definitions: export files, a live AM
/// with an administrator's access token, or the demo AM with its administrator's session. A live
/// read goes through the tab's own transport, so its pins, CA bundle and TLS settings hold.
enum JourneyMapReaders {
    /// `--journeys PATH…`: every journey read there, whatever the tab's server; the files are
    /// read when a map is first asked for, once.
    static func files(_ paths: [String]) -> JourneyMapReader {
        let once = Mutex<Task<JourneyCatalog, Never>?>(nil)
        return { _, _ in
            let reading = once.withLock { reading in
                if let reading { return reading }
                let started = Task { JourneyCatalog.read(paths: paths) }
                reading = started
                return started
            }
            return await reading.value
        }
    }

    /// `JOURNEY_ADMIN_TOKEN`: sent to one AM only, the one `journey` was started with (`--url` or
    /// `--profile`); a tab of any other server is told so and nothing is sent.
    static func adminToken(_ token: String, boundTo server: URL?) -> JourneyMapReader {
        { key, transport in
            guard let server, key.server == server.absoluteString else {
                let boundTo = server.map { "\($0.absoluteString) only (the server journey was started with)" }
                    ?? "the server journey is started with (--url or --profile) only"
                return JourneyCatalog(problems: [DefinitionProblem(source: key.server, problem: "\(MapCommand.adminTokenVariable) is sent to \(boundTo)")])
            }
            return await live(key, credential: .bearer(token), transport: transport)
        }
    }

    /// The demo AM: its administrator signed in once, the session used for every map read from it.
    static func demo(_ demo: DemoAM) -> JourneyMapReader {
        let session = Task { await demo.administratorSession() }
        return { key, transport in
            guard key.server == demo.baseURL else {
                return JourneyCatalog(problems: [DefinitionProblem(source: key.server, problem: "the demo's administrator reads the demo AM's journeys only")])
            }
            return await live(key, credential: .ssoToken(header: DemoAM.sessionCookieName(forRealm: "/"), token: await session.value),
                              transport: transport)
        }
    }

    private static func live(_ key: JourneyMapKey, credential: LiveAM.Credential, transport: any HTTPTransport) async -> JourneyCatalog {
        await LiveAMReader.catalog(LiveAM(trees: key.trees, credential: credential, transport: transport), journey: key.journey)
    }
}
