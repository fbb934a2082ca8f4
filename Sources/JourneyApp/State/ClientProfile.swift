import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// What a tab connects to and what it walks: the checked options, the profile they came from,
/// and the protocol the options speak, with its server: an AM journey's server, or a PingOne
/// DaVinci flow's environment and application (`kind: davinci`).
///
/// `kind` and `oauth` are made from `options`, so they never disagree with them.
public struct ClientProfile: Sendable {
    public var name: String
    public private(set) var options: ClientOptions
    /// The `profiles.yaml` profile the options came from: an edit of it is applied to the tab.
    public var profileName: String?
    /// The protocol the tab speaks, with what it connects to.
    public private(set) var kind: Kind
    /// The OAuth client whose tokens the tab fetches after signing in, if any; a DaVinci tab's
    /// is its flow's application.
    public private(set) var oauth: OAuthConfiguration?
    /// The journey a journey tab walks (a DaVinci tab runs its flow policy instead).
    public var request: JourneyRequest

    /// The two protocols a tab can speak.
    public enum Kind: Sendable {
        /// AM journeys on this server.
        case journey(ServerConfiguration)
        /// A PingOne DaVinci flow: the environment, the application and the flow policy.
        case davinci(DaVinciConfiguration)
    }

    /// A profile walking `request`, or the sign-in journey (`authServiceName`) when it is nil.
    public init(name: String, options: ClientOptions, profileName: String? = nil, request: JourneyRequest? = nil) throws(ConfigurationError) {
        self.name = name
        self.options = options
        self.profileName = profileName
        switch options.kind {
        case .davinci:
            let flow = try options.davinciConfiguration()
            kind = .davinci(flow)
            oauth = flow.oauth
        case .journey:
            kind = .journey(try options.serverConfiguration())
            oauth = try options.oauthConfiguration()
        }
        self.request = request ?? JourneyRequest(.journey(options.authServiceName))
    }

    /// The AM server of a journey profile; nil for a DaVinci one.
    public var server: ServerConfiguration? {
        if case .journey(let server) = kind { return server }
        return nil
    }

    /// The flow of a DaVinci profile; nil for a journey one.
    public var davinci: DaVinciConfiguration? {
        if case .davinci(let flow) = kind { return flow }
        return nil
    }

    /// Where the tab connects: AM's deployment URL, or the PingOne environment's origin.
    public var origin: URL {
        switch kind {
        case .journey(let server): server.baseURL
        case .davinci(let flow): flow.origin
        }
    }

    /// Host and port as the tab bar and dialogs name them ("127.0.0.1:8180").
    public var hostDescription: String {
        let host = origin.host() ?? "?"
        return origin.port.map { "\(host):\($0)" } ?? host
    }

    /// Who issues the tab's tokens, as messages name it.
    public var issuerName: String {
        switch kind {
        case .journey: "AM"
        case .davinci: "PingOne"
        }
    }

    /// Where the tab runs, as a banner says it: "http://…/am, realm /alpha", or "the PingOne
    /// environment at https://…".
    public var placeDescription: String {
        switch kind {
        case .journey(let server): "\(server.baseURL.absoluteString), realm \(server.realm)"
        case .davinci(let flow): "the PingOne environment at \(flow.origin.absoluteString)"
        }
    }

    /// What the tab walks, as messages name it: a journey or a flow.
    public var walkName: String {
        switch kind {
        case .journey: "journey"
        case .davinci: "flow"
        }
    }

    /// How a signed-in tab of this kind is said to be: a journey signs in (a session), a flow
    /// signs on (its tokens).
    public var signedInWord: String {
        switch kind {
        case .journey: "signed in"
        case .davinci: "signed on"
        }
    }

    /// Whether two profiles speak the same protocol.
    func isSameKind(as other: ClientProfile) -> Bool {
        switch (kind, other.kind) {
        case (.journey, .journey), (.davinci, .davinci): true
        default: false
        }
    }

    /// A profile for a server named by URL and realm only; the other options take their defaults.
    public init(name: String, url: String, realm: String = "root", request: JourneyRequest? = nil) throws(OptionChoiceError) {
        let options: ClientOptions
        do throws(OptionProblems) {
            options = try ClientOptions(values: [.url: .text(url), .realm: .text(realm)])
        } catch {
            throw .problems(error)
        }
        do throws(ConfigurationError) {
            try self.init(name: name, options: options, request: request)
        } catch {
            throw .configuration(error)
        }
    }

    /// The same profile with other options. The journey follows a changed `authServiceName`
    /// when the tab was walking the sign-in journey.
    public func applying(_ new: ClientOptions, profileName: String?) throws(ConfigurationError) -> ClientProfile {
        var request = request
        if request.journeyName == options.authServiceName, new.authServiceName != options.authServiceName {
            request = JourneyRequest(.journey(new.authServiceName), forceAuth: request.forceAuth)
        }
        return try ClientProfile(name: name, options: new, profileName: profileName, request: request)
    }

    /// Walks the registration journey (`registrationServiceName`) instead.
    var registration: JourneyRequest { JourneyRequest(.journey(options.registrationServiceName)) }
    /// Walks the sign-in journey (`authServiceName`).
    var signIn: JourneyRequest { JourneyRequest(.journey(options.authServiceName)) }
}

/// Options that cannot make a profile: values that do not check, or a server that cannot be used.
public enum OptionChoiceError: Error, Sendable, CustomStringConvertible {
    case problems(OptionProblems)
    case configuration(ConfigurationError)

    public var description: String {
        switch self {
        case .problems(let problems): problems.description
        case .configuration(let error): error.description
        }
    }
}

extension ClientProfile.Kind {
    /// A tab of this kind for `profile`, standing idle: the one place a kind of profile becomes a
    /// kind of tab.
    func makeTab(_ profile: ClientProfile) -> any TabKind {
        switch self {
        case .journey(let server): JourneyTab(server: server, request: profile.request)
        case .davinci: DaVinciTab()
        }
    }
}
