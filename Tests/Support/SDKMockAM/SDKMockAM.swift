import Foundation
import Hummingbird
import NIOCore
import Logging
import LoopbackHTTP

/// The ForgeRock JavaScript SDK's end-to-end mock AM (ping-javascript-sdk, `e2e/am-mock-api`),
/// its `RecaptchaEnterprise` journey answered the way that mock answers it: our own reading of
/// its routes, for the tests, sharing nothing with the engine or the demo AM. Plain HTTP;
/// `authId` `foo`; user `demo` with password `Password`; then a `ReCaptchaEnterpriseCallback`
/// whose first input (`IDToken1token`) must be `123`; then `{"tokenId":"bar",…}` with no
/// cookie, a three-character SSO token such as no real AM issues. Where the mock never answers
/// (any other input), this one answers 401, so a test ends.
public struct SDKMockAM: Sendable {
    /// `http://127.0.0.1:<port>/am`.
    public let url: String
    private let server: RunningServer

    public static let journey = "RecaptchaEnterprise"
    public static let user = "demo"
    public static let password = "Password"
    public static let captchaToken = "123"

    public static func start() async throws -> SDKMockAM {
        let router = Router()
        router.post("/am/json/realms/root/authenticate") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            let object = (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
            return Self.answer(to: object["callbacks"] as? [[String: Any]])
        }
        var logger = Logger(label: "sdk-mock-am")
        logger.logLevel = .critical
        let server = try await RunningServer.launch(responder: router.buildResponder(), port: 0, logger: logger)
        return SDKMockAM(url: "http://127.0.0.1:\(server.port)/am", server: server)
    }

    public func stop() async {
        await server.stop()
    }

    /// The mock's three answers, chosen by the callbacks sent back.
    static func answer(to callbacks: [[String: Any]]?) -> Response {
        guard let callbacks, !callbacks.isEmpty else { return json(usernamePassword) }
        func input(_ callback: Int, _ position: Int) -> String? {
            guard callbacks.indices.contains(callback), let inputs = callbacks[callback]["input"] as? [[String: Any]],
                  inputs.indices.contains(position) else { return nil }
            return inputs[position]["value"] as? String
        }
        if callbacks[0]["type"] as? String == "NameCallback", input(0, 0) == user, input(1, 0) == password {
            return json(recaptchaEnterprise)
        }
        if callbacks[0]["type"] as? String == "ReCaptchaEnterpriseCallback", input(0, 0) == captchaToken {
            return json(["tokenId": "bar", "successUrl": "/console", "realm": "/"])
        }
        return json(["code": 401, "reason": "Unauthorized", "message": "Login failure"], status: .unauthorized)
    }

    private static var usernamePassword: [String: Any] { [
        "authId": "foo", "stage": "UsernamePassword",
        "callbacks": [
            ["type": "NameCallback", "output": [["name": "prompt", "value": "User Name"]], "input": [["name": "IDToken1", "value": ""]], "_id": 0],
            ["type": "PasswordCallback", "output": [["name": "prompt", "value": "Password"]], "input": [["name": "IDToken2", "value": ""]], "_id": 1],
        ],
    ] }

    private static var recaptchaEnterprise: [String: Any] { [
        "authId": "foo",
        "callbacks": [[
            "type": "ReCaptchaEnterpriseCallback",
            "output": [
                ["name": "recaptchaSiteKey", "value": "6LdSu_spAAAAAKz3UhIy4JYQld2lm_WRt7dEhf9T"],
                ["name": "captchaApiUri", "value": "https://www.google.com/recaptcha/enterprise.js"],
                ["name": "captchaDivClass", "value": "g-recaptcha"],
            ],
            "input": [
                ["name": "IDToken1token", "value": ""], ["name": "IDToken1action", "value": ""],
                ["name": "IDToken1clientError", "value": ""], ["name": "IDToken1payload", "value": ""],
            ],
        ]],
    ] }

    private static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
