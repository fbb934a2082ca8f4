import Foundation
import JourneyEngine
import Orchestrate

extension FuzzTarget {
    /// AM's `/authenticate` answers: the JSON parser, the step and callback decoders, and the
    /// echo of an answered step (the encoder), as every page goes through them.
    static let stepDecoder = FuzzTarget(name: "step", summary: "an /authenticate response body → JourneyStep → request body", maxInputLength: 32768,
        seeds: [
            #"{"authId":"eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJleHAiOjE4MDAwMDAwMDB9.x","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":""}],"_id":0},{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}],"_id":1}],"header":"Sign In","stage":"UsernamePassword"}"#,
            #"{"authId":"a","callbacks":[{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Pick"},{"name":"choices","value":["SMS","Email"]},{"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":0}]},{"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},{"name":"options","value":["Submit","Cancel"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":0}],"input":[{"name":"IDToken2","value":0}]}]}"#,
            #"{"authId":"b","callbacks":[{"type":"PollingWaitCallback","output":[{"name":"waitTime","value":"8000"},{"name":"message","value":"Waiting…"}]},{"type":"MetadataCallback","output":[{"name":"data","value":{"stage":"Push"}}]},{"type":"TextOutputCallback","output":[{"name":"message","value":"<b>hi</b>"},{"name":"messageType","value":"4"}]}]}"#,
            #"{"tokenId":"AQIC5w…","successUrl":"/am/console","realm":"/"}"#,
            #"{"code":401,"reason":"Unauthorized","message":"Login failure","detail":{"errorCode":"110"}}"#,
        ]) { data in
        _ = AuthenticateOutcome(HTTPResponse(status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: data))
        guard let json = try? JSONValue.parse(data), let step = try? JourneyStep(json: json) else { return }
        _ = step.requestBody.encoded()
        _ = step.expiresAt
    }

    /// `Set-Cookie` headers (one per line of the input) into a cookie jar, then the `Cookie`
    /// header the jar would send back.
    static let setCookie = FuzzTarget(name: "set-cookie", summary: "Set-Cookie header lines → CookieJar → Cookie header", maxInputLength: 4096,
        seeds: [
            "iPlanetDirectoryPro=AQIC5wM2LY4S; Domain=.example.com; Path=/; Secure; HttpOnly; SameSite=None",
            "amlbcookie=01; Path=/\nsession-jwt=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/am",
            "a=b, c=d; Expires=Wed, 21 Oct 2026 07:28:00 GMT, e=f",
        ]) { data in
        var jar = CookieJar()
        let url = URL(string: "https://am.example.com/am/json/realms/root/authenticate")!
        jar.store(setCookieHeaders: data.fuzzText.split(separator: "\n").map(String.init), from: url,
                  at: Date(timeIntervalSince1970: 1_800_000_000))
        _ = jar.cookieHeader(for: url, at: Date(timeIntervalSince1970: 1_800_000_000))
    }
}
