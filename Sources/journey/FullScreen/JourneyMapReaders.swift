import DemoAM
import Foundation
import JourneyApp
import JourneyMaps
import Orchestrate

/// Where the full-screen UI's map pane (`M`) reads journey definitions: export files, a live AM
/// with an administrator's access token, or the demo AM with its administrator's session.
enum JourneyMapReaders {
    /// `--journeys PATH…`: every journey read there, whatever the tab's server.
    static func files(_ paths: [String]) -> JourneyMapReader {
        { _ in JourneyCatalog.read(paths: paths) }
    }

    /// `JOURNEY_ADMIN_TOKEN`: the tab's own AM, the token sent to it alone, with certificates
    /// checked as a standard tab does.
    static func adminToken(_ token: String) -> JourneyMapReader {
        { key in await live(key, credential: .bearer(token)) }
    }

    /// The demo AM: its administrator signed in once, the session used for every map read from it.
    static func demo(_ demo: DemoAM) -> JourneyMapReader {
        let session = Task { await demo.administratorSession() }
        return { key in
            guard key.server == demo.baseURL else {
                return JourneyCatalog(problems: [DefinitionProblem(source: key.server, problem: "the demo's administrator reads the demo AM's journeys only")])
            }
            return await live(key, credential: .ssoToken(header: DemoAM.sessionCookieName(forRealm: "/"), token: await session.value))
        }
    }

    private static func live(_ key: JourneyMapKey, credential: LiveAM.Credential) async -> JourneyCatalog {
        guard let baseURL = URL(string: key.server) else {
            return JourneyCatalog(problems: [DefinitionProblem(source: key.server, problem: "this is no address")])
        }
        let realm = key.realm.split(separator: "/").map(String.init)
        return await LiveAMReader.catalog(LiveAM(baseURL: baseURL, realm: realm, credential: credential, transport: AsyncHTTPTransport()),
                                          journey: key.journey)
    }
}
