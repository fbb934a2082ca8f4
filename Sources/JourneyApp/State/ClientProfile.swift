import DaVinci
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// What a tab connects to and what it walks: the checked options (server, OAuth client, TLS,
/// endpoints …), the profile they came from, and the journey, or for a DaVinci profile
/// (`kind: davinci`) the PingOne flow.
///
/// `server`, `oauth` and `flow` are made from `options`, so they never disagree with them.
public struct ClientProfile: Sendable {
    public var name: String
    public private(set) var options: ClientOptions
    /// The `profiles.yaml` profile the options came from: an edit of it is applied to the tab.
    public var profileName: String?
    /// The AM server a journey tab walks; for a DaVinci tab, the PingOne environment's origin
    /// (what the tab bar and the stores overlay name; no journey is sent there).
    public private(set) var server: ServerConfiguration
    /// The OAuth client whose tokens the tab fetches after signing in, if any; a DaVinci tab's
    /// is its flow's application.
    public private(set) var oauth: OAuthConfiguration?
    /// A DaVinci tab's flow: the environment, the application and the flow policy. Nil for a
    /// journey tab.
    public private(set) var flow: DaVinciConfiguration?
    public var request: JourneyRequest

    /// A profile walking `request`, or the sign-in journey (`authServiceName`) when it is nil.
    public init(name: String, options: ClientOptions, profileName: String? = nil, request: JourneyRequest? = nil) throws(ConfigurationError) {
        self.name = name
        self.options = options
        self.profileName = profileName
        if options.kind == .davinci {
            let flow = try options.davinciConfiguration()
            self.flow = flow
            server = try ServerConfiguration(url: flow.origin.absoluteString)
            oauth = flow.oauth
        } else {
            server = try options.serverConfiguration()
            oauth = try options.oauthConfiguration()
        }
        self.request = request ?? JourneyRequest(.journey(options.authServiceName))
    }

    /// Whether the tab walks a DaVinci flow rather than a journey.
    public var isFlow: Bool { flow != nil }

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
