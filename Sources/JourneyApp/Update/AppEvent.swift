import DaVinci
import Foundation
import JourneyEngine
import JourneyMaps
import JourneyProfiles
import JourneyTesting
import Orchestrate
import TerminalKit

/// Everything that can change the app: keys, network answers routed to the tab that asked,
/// timers.
public enum AppEvent: Sendable {
    case key(KeyEvent)
    /// Something for one tab, routed to it by id; an event for a tab that was closed is dropped
    /// (tokens a closed tab's flow obtained are signed off).
    case tab(id: Int, TabEvent)
    /// The stores changed (a tab signed in, out, or got tokens): what each tab's stores hold now.
    case storesRead([Int: InstanceSnapshot])
    /// `profiles.yaml` was saved: every profile's options, checked, or what is wrong with it.
    case profilesChanged(ProfilesReload)
    /// Copied text was saved to a file (`s` in the copied-text pane), or why it could not be.
    case copiedTextSaved(Result<URL, InstanceProblem>)
    /// Animation tick (spinners, countdowns), about ten a second while something is busy; it
    /// carries the time so the state never reads a clock.
    case tick(at: ContinuousClock.Instant, date: Date)
    /// Log lines of an in-process server or the client, taken from the `LogInbox`.
    case logged([LogLine])
    /// The demo AM's outbox, read for the demo panel.
    case outboxRead([DemoMail])
    /// A journey's definition, read for the map pane.
    case journeyMapRead(JourneyMapKey, JourneyCatalog)
}

/// What a tab held, to sign out where it was issued.
public enum HeldSignIn: Sendable, Equatable {
    /// A journey tab's session and tokens at its AM.
    case journey(HeldIdentity)
    /// A DaVinci tab's tokens and PingOne session.
    case davinci(HeldFlow)
}

/// What signing out did, as each kind reports it.
public enum SignOutReport: Sendable {
    /// At AM: what was revoked and logged out, or could not be.
    case journey([SignOutAction])
    /// At PingOne: what could not be told (empty when everything was; nil when the tab held no
    /// tokens, so only its stores were forgotten).
    case davinci(problems: [String]?)
}

/// The tokens a DaVinci flow ended with, as kept, and what the ID token says.
public struct FlowTokens: Sendable {
    public let stored: StoredFlowTokens
    public let claims: TokenClaims?
    /// The tokens with the environment and stores they belong to: signed off if the tab no
    /// longer waits for them (Esc, new options).
    public let held: HeldFlow
    /// Why the instance's stores could not keep them, if they could not.
    public let notKept: String?

    public init(stored: StoredFlowTokens, claims: TokenClaims?, held: HeldFlow, notKept: String? = nil) {
        self.stored = stored
        self.claims = claims
        self.held = held
        self.notKept = notKept
    }
}

extension FlowTokens {
    /// Tokens a flow obtained for a tab that no longer waits for them (closed, or on new
    /// options) are nobody's: they are signed off.
    static func signOff(unclaimed result: Result<FlowTokens, DaVinciError>, tabID: Int) -> [AppEffect] {
        guard case .success(let obtained) = result else { return [] }
        return [.tab(id: tabID, .signOut(.davinci(obtained.held)))]
    }
}

/// Why a tab's stored instance could not be opened (a store it cannot read, AM unreachable).
public struct InstanceProblem: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// What the profiles file said when it was saved.
public enum ProfilesReload: Sendable {
    /// Every profile in the file, by name, with flags and environment applied as at launch.
    case loaded([String: ClientOptions])
    /// The profiles that can be used, by name, and the problems of those that cannot (each
    /// naming the option and where it comes from): a broken profile changes nothing for its
    /// tabs, which say what is wrong, and the others apply as with `loaded`.
    case partlyLoaded([String: ClientOptions], broken: [String: String])
    /// The file cannot be used (YAML, an unknown key, a bad value): the message says where.
    case failed(String)
}
