import Foundation

/// Which journey to walk, and how.
public struct JourneyRequest: Sendable, Hashable {
    public enum Entry: Sendable, Hashable {
        /// A journey (tree) by name; nil walks the realm's default journey.
        case journey(String?)
        /// Resume a suspended journey from its resume link (its `suspendedId` and the rest).
        case resume(ResumeLink)
        /// Go on from a step kept while the person was in a browser (social login, SAML), with
        /// what the browser brought back.
        case browserReturn(BrowserReturn)
        /// The journey AM picks for policy advices (step-up, transactional authorization):
        /// `authIndexType=composite_advice` with the advices' XML.
        case compositeAdvice(CompositeAdvice)
    }

    public var entry: Entry
    /// `noSession=true`: AM ends the journey without creating a session.
    public var noSession: Bool
    /// `ForceAuth=true`: walk the journey even when a valid session exists.
    public var forceAuth: Bool
    /// An SSO token to present on every request, in a header named after the SSO cookie (as
    /// the Ping SDKs' session module does): AM then runs the journey as that session's step-up
    /// or advice journey, or returns the session when it already suffices.
    public var presentedSession: String?

    public init(_ entry: Entry, noSession: Bool = false, forceAuth: Bool = false, presentedSession: String? = nil) {
        self.entry = entry
        self.noSession = noSession
        self.forceAuth = forceAuth
        self.presentedSession = presentedSession
    }

    /// How the journey is named for people: its tree, the resumed link, or the advices it answers.
    public var summary: String {
        switch entry {
        case .journey(let name): name ?? "(the realm's default journey)"
        case .resume(let link): link.journeyName.map { "\($0), resumed from a link" } ?? "resumed from a link"
        case .browserReturn(let back): back.journeyName.map { "\($0), back from the browser" } ?? "back from the browser"
        case .compositeAdvice(let advice): "composite_advice (\(advice.advices.map(\.type.rawValue).joined(separator: ", ")))"
        }
    }

    /// The journey's name wherever the request says it: by name, or carried by a resume link or
    /// a browser's return.
    public var namedJourney: String? {
        switch entry {
        case .journey(let name): name
        case .resume(let link): link.journeyName
        case .browserReturn(let back): back.journeyName
        case .compositeAdvice: nil
        }
    }

    /// The journey's name, when walking one by name.
    public var journeyName: String? {
        if case .journey(let name) = entry { return name }
        return nil
    }
}
