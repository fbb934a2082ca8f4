import Foundation
import Orchestrate

/// What the journey ended with: AM's success body.
public struct LoginSuccess: Sendable, Hashable, Codable {
    /// The SSO token; nil when the journey ran with `noSession=true`.
    public let tokenId: String?
    public let successUrl: String?
    public let realm: String?

    public init(tokenId: String?, successUrl: String?, realm: String?) {
        self.tokenId = tokenId
        self.successUrl = successUrl
        self.realm = realm
    }
}

/// One `/authenticate` response, classified.
public enum AuthenticateOutcome: Sendable {
    /// The journey continues: answer the step.
    case step(JourneyStep)
    case success(LoginSuccess)
    case failure(JourneyError)

    /// Classifies a response by status and body, following AM and the SDKs:
    /// `authId` → step; `tokenId`, or `successUrl`/`realm` without it (noSession) → success;
    /// 401 → failed / timed out (errorCode 110) / resume link expired; other statuses → errors.
    /// AM's error body sent with HTTP 200 (`{"code":401,…}`, no `authId` or `tokenId`) counts
    /// as its `code` says: a server "no", not a malformed answer.
    /// What AM's SSO tokens are made of: visible ASCII (`AQIC5w…*AAJTSQACMDE.*`). A token
    /// with anything else could not go back as a cookie, and is refused when received.
    static func isSessionTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0x21...0x7E).contains(scalar.value)
    }

    public init(_ response: HTTPResponse) {
        let status = response.status
        let excerpt = TerminalText.excerpt(of: response.body)
        var json: JSONValue?
        var parseError: JSONParseError?
        do throws(JSONParseError) {
            json = try JSONValue.parse(response.body)
        } catch {
            parseError = error
        }
        switch status {
        case 200..<300:
            guard let json else {
                let problem = Self.notJSON(response, parseError)
                self = .failure(.malformedResponse(status: status, problem: problem, excerpt: excerpt))
                return
            }
            guard json.objectValue != nil else {
                self = .failure(.malformedResponse(status: status, problem: "the body is not a JSON object", excerpt: excerpt))
                return
            }
            if json["authId"] != nil {
                do throws(StepDecodingError) {
                    var step = try JourneyStep(json: json)
                    step.serverClock = ServerClock(response)
                    self = .step(step)
                } catch {
                    self = .failure(.malformedResponse(status: status, problem: error.description, excerpt: excerpt))
                }
            } else if json["tokenId"] != nil || json["successUrl"] != nil || json["realm"] != nil {
                if let token = json["tokenId"], token.stringValue == nil {
                    self = .failure(.malformedResponse(status: status, problem: "tokenId is not a string", excerpt: excerpt))
                    return
                } else if let token = json["tokenId"]?.stringValue, !token.unicodeScalars.allSatisfy(Self.isSessionTokenCharacter) {
                    // Sent back as a cookie or header, it could not be: HTTP refuses controls.
                    self = .failure(.malformedResponse(status: status, problem: "tokenId holds characters an SSO token never has (only visible ASCII)",
                                                       excerpt: excerpt))
                    return
                }
                self = .success(LoginSuccess(
                    tokenId: json["tokenId"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                    successUrl: json["successUrl"]?.stringValue,
                    realm: json["realm"]?.stringValue))
            } else if let code = json["code"]?.intValue, (400..<600).contains(code) {
                // Some proxies and older AMs send AM's error body with HTTP 200: its code is the answer.
                self.init(HTTPResponse(status: code, headers: response.headers, body: response.body))
            } else {
                self = .failure(.malformedResponse(
                    status: status, problem: "it is neither a step (no authId) nor a session (no tokenId)", excerpt: excerpt))
            }
        case 300..<400:
            self = .failure(.unexpectedStatus(status: status, location: response.header("Location")))
        case 401:
            guard let body = AMErrorBody(json: json) else {
                self = .failure(.malformedResponse(status: status, problem: "the error body is not AM's JSON", excerpt: excerpt))
                return
            }
            if body.errorCode == "110" {
                self = .failure(.journeyTimedOut(body))
            } else if body.message?.contains("SuspendedAuthSessionException") == true {
                self = .failure(.suspendedLinkExpired(body))
            } else {
                self = .failure(.authenticationFailed(body))
            }
        case 400..<500:
            self = .failure(.rejected(status: status, body: AMErrorBody(json: json), excerpt: excerpt))
        case 500..<600:
            self = .failure(.serverError(status: status, body: AMErrorBody(json: json), excerpt: excerpt))
        default:
            self = .failure(.unexpectedStatus(status: status, location: response.header("Location")))
        }
    }

    /// Why a body could not be read as JSON, naming its content type when that says it is
    /// something else (a proxy's HTML sign-in page, say).
    private static func notJSON(_ response: HTTPResponse, _ error: JSONParseError?) -> String {
        let reason = error?.description ?? "unreadable"
        guard let type = response.header("Content-Type"), !type.lowercased().contains("json") else {
            return "the body is not JSON (\(reason))"
        }
        return "the body is \(TerminalText.line(type)), not JSON (\(reason))"
    }
}

