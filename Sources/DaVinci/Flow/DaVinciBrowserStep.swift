import Foundation
import Orchestrate

/// A flow that goes on in a browser: a SOCIAL_LOGIN_BUTTON pressed. The browser opens the
/// button's `links.authenticate.href`; after signing in at the provider it lands on an address
/// carrying a `continueToken`, which resumes the flow at the form's `_links.continue.href` as the
/// SDKs resume it (``resumption(with:timeout:)``). Kept in the instance's store while the person
/// is away (`DaVinciInstance.keep(_:for:)`), with what the flow needs to end: its PKCE values
/// (the code it ends with is exchanged with the verifier) and its cookies (PingOne's `ST`, the
/// interaction's).
public struct DaVinciBrowserStep: Sendable, Hashable, Codable {
    /// Where the browser is sent.
    public let address: String
    /// Where the flow resumes, on the server the flow started at.
    public let continueAddress: String
    /// The button's label (the provider's name).
    public let provider: String
    public let verifier: String
    public let state: String
    public let nonce: String
    public private(set) var cookies: CookieJar
    public let created: Date

    /// The browser step of pressing the collector at `pressed` of `step`, in the run whose
    /// authorize request `pkce` made; nil when it is no social sign-on button with an address,
    /// or the form has no continue link.
    public init?(step: DaVinciStep, pressing pressed: Int, pkce: PKCE, created: Date = Date()) {
        guard step.collectors.indices.contains(pressed), case .socialLogin(let url?) = step.collectors[pressed].kind,
              let continueAddress = step.wire["_links"]?["continue"]?["href"]?.stringValue else { return nil }
        address = url.absoluteString
        self.continueAddress = continueAddress
        provider = step.collectors[pressed].label
        verifier = pkce.verifier
        state = pkce.state
        nonce = pkce.nonce
        cookies = CookieJar()
        self.created = created
    }

    /// The same step with the flow's cookies as they are now.
    public func with(cookies jar: CookieJar) -> DaVinciBrowserStep {
        var copy = self
        copy.cookies = jar
        return copy
    }

    /// The PKCE values of the run the step belongs to.
    public var pkce: PKCE { PKCE(verifier: verifier, state: state, nonce: nonce) }

    /// The continue token of the address the browser landed on, as the SDKs read it (its
    /// `continueToken` query parameter).
    public static func continueToken(in landed: String) throws(DaVinciBrowserReturnError) -> String {
        let items = AddressQuery.items(of: landed.trimmingWhitespace())
        guard let token = items.first(where: { $0.name == "continueToken" })?.value, !token.isEmpty else {
            throw items.contains { $0.name == "error" } ? .providerError : .noContinueToken
        }
        return token
    }

    /// The request that resumes the flow, as the SDKs send it: `POST _links.continue.href` with
    /// the continue token as a bearer token and an empty JSON object. The token goes only to the
    /// server the flow started at (`origin`).
    public func resumption(with continueToken: String, origin: URL, timeout: Duration) throws(DaVinciBrowserReturnError) -> HTTPRequest {
        guard let url = URL(string: continueAddress), ClientConnection.isSameOrigin(url, as: origin) else { throw .foreignContinueLink }
        return HTTPRequest(method: "POST", url: url,
                           headers: DaVinciFlow.headers + [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Authorization", "Bearer \(continueToken)")],
                           body: Data("{}".utf8), timeout: timeout)
    }
}

/// Why the address a browser landed on cannot resume a flow. The messages never repeat the
/// address: its token is a credential.
public enum DaVinciBrowserReturnError: Error, Sendable, Hashable, CustomStringConvertible {
    case noContinueToken
    case providerError
    case foreignContinueLink

    public var description: String {
        switch self {
        case .noContinueToken:
            "The address carries no continueToken: paste the address the browser shows after you signed in at the provider."
        case .providerError:
            "The provider answered with an error instead of signing you in: open the sign-in address again, or take another way in."
        case .foreignContinueLink:
            "The form's continue link goes to another server than the flow's, where the continue token is not sent."
        }
    }
}
