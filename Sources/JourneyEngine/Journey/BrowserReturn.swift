import Foundation
import Orchestrate

/// The address a browser landed on after a social or SAML login, read against the step kept
/// before it left (``BrowserHandoff``), as the JavaScript SDK's `resume(url)` reads it: the
/// parameters AM needs to go on (`code`, `state`, `error`, `RelayState`, `form_post_entry`,
/// `responsekey` … the same list as ``ResumeLink``), sent back with the kept step.
public struct BrowserReturn: Sendable, Hashable {
    public let handoff: BrowserHandoff
    /// The address's parameters AM is sent, in the address's order.
    public let parameters: [URLQueryItem]

    /// Reads a pasted address. Refuses one that is no provider's answer (no `code`, `error`,
    /// `form_post_entry` or `responsekey`), and one whose `state` is not the one the browser was
    /// sent with: it answers another sign-in, or was tampered with.
    public init(address: String, handoff: BrowserHandoff) throws(BrowserReturnError) {
        let trimmed = address.trimmingWhitespace()
        let items = ResumeLink.queryItems(of: trimmed)
        let names = Set(items.map(\.name))
        if names.contains("suspendedId") { throw .resumeLink }
        guard !names.isDisjoint(with: ["code", "error", "form_post_entry", "responsekey"]) else { throw .noAnswer }
        let returnedState = items.first { $0.name == "state" }?.value
        if let sent = handoff.sentState {
            guard let returnedState else { throw .stateMissing }
            guard returnedState == sent else { throw .stateMismatch }
        }
        self.handoff = handoff
        parameters = ResumeLink.carried(items)
    }

    /// The journey the address names (`authIndexValue` of a `service`), else the one the kept
    /// step belongs to.
    public var journeyName: String? {
        let namesService = parameters.first { $0.name == "authIndexType" }?.value == "service"
        return (namesService ? parameters.first { $0.name == "authIndexValue" }?.value : nil) ?? handoff.journeyName
    }
}

/// Why a pasted address cannot continue the journey. The messages never repeat the address: it
/// may carry a one-time code.
public enum BrowserReturnError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The address carries no provider's answer.
    case noAnswer
    /// The browser was sent with a `state` and the address carries none.
    case stateMissing
    /// The address carries another `state` than the browser was sent with.
    case stateMismatch
    /// It is an emailed resume link (`suspendedId`), not a provider's answer.
    case resumeLink

    public var description: String {
        switch self {
        case .noAnswer:
            "The address carries no code, error, form_post_entry or responsekey: paste the address the browser shows after you signed in at the provider."
        case .stateMissing:
            "The address carries no state, but the browser was sent with one: paste the whole address the browser landed on."
        case .stateMismatch:
            "The address's state is not the one this journey sent the browser with: it answers another sign-in (or was altered), so it is refused. Open the sign-in address again, or paste the address this sign-in landed on."
        case .resumeLink:
            "The address is a resume link (it carries a suspendedId): resume with it instead."
        }
    }
}
