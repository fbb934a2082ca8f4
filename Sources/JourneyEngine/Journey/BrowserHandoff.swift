import Foundation
import Orchestrate

/// A journey step that goes on in a browser (a `RedirectCallback`: social login, SAML), kept
/// while the person is there: the step as AM sent it, where the browser goes, and how the
/// journey was asked for. The JavaScript SDK keeps the same in `localStorage` before it
/// navigates; an instance keeps it in its store (`ClientInstance.keep(_:on:)`), so the journey
/// can go on from it in a later process too (`journey login --redirected`).
public struct BrowserHandoff: Sendable, Hashable, Codable {
    /// The step as AM sent it, as JSON text: it goes back unchanged with the browser's query.
    public let stepJSON: String
    /// Where the browser is sent (`redirectUrl`).
    public let address: String
    /// `redirectMethod`: `GET`, or `POST` for a SAML form.
    public let method: String
    /// The journey's name, sent with the step again as the SDKs do (`authIndexValue`).
    public let journeyName: String?
    public let noSession: Bool
    public let forceAuth: Bool
    /// The cookies of the journey so far (AM's load-balancer cookie among them), so a later
    /// process reaches the server that holds the journey; never the SSO cookie.
    public private(set) var cookies: CookieJar
    public let created: Date

    /// The hand-off of a step with a `RedirectCallback`; nil for any other step. It keeps no
    /// cookies until given them (``with(cookies:leavingOut:)``).
    public init?(step: JourneyStep, request: JourneyRequest, created: Date = Date()) {
        guard let redirect = step.redirect else { return nil }
        stepJSON = step.requestBody.jsonText
        address = redirect.redirectUrl
        method = redirect.redirectMethod.uppercased()
        journeyName = request.namedJourney
        noSession = request.noSession
        forceAuth = request.forceAuth
        cookies = CookieJar()
        self.created = created
    }

    /// The same hand-off with the journey's cookies as they are now, less the SSO cookie
    /// (`ssoCookieName`): a session lives in its own store, and the file holds only what the
    /// journey needs to reach its server again.
    public func with(cookies jar: CookieJar, leavingOut ssoCookieName: String) -> BrowserHandoff {
        var copy = self
        copy.cookies = CookieJar(cookies: jar.cookies.filter { $0.name != ssoCookieName })
        return copy
    }

    /// The kept step, read again.
    public func step() throws(StepDecodingError) -> JourneyStep {
        guard let json = try? JSONValue.parse(Data(stepJSON.utf8)) else { throw .notAnObject }
        return try JourneyStep(json: json)
    }

    /// The `state` the browser was sent with, which the address it lands on must carry back.
    public var sentState: String? {
        ResumeLink.queryItems(of: address).first { $0.name == "state" }?.value
    }

    /// The journey, as a request that goes on from this step with what the browser brought back.
    public func returning(_ browserReturn: BrowserReturn) -> JourneyRequest {
        JourneyRequest(.browserReturn(browserReturn), noSession: noSession, forceAuth: forceAuth)
    }
}

extension JourneyStep {
    /// The step's `RedirectCallback`, when it goes on in a browser.
    public var redirect: RedirectCallback? {
        callbacks.lazy.compactMap { callback -> RedirectCallback? in
            if case .redirect(let redirect) = callback.kind { return redirect }
            return nil
        }.first
    }
}
