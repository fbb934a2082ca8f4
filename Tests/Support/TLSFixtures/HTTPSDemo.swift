import DemoAM
import Foundation
import Logging
import Orchestrate

/// A demo AM with its HTTPS listener on free ports, its certificate written to a PEM file in a
/// fresh temporary folder, and the request that starts the Login journey.
public struct HTTPSDemo {
    public let demo: DemoAM
    public let baseURL: String
    public let pin: String
    public let caBundlePath: String

    @discardableResult
    public static func with<T>(_ keyType: DemoAMConfiguration.HTTPS.KeyType = .ec, _ body: (HTTPSDemo) async throws -> T) async throws -> T {
        let demo = try await DemoAM.start(
            DemoAMConfiguration(port: 0, https: .init(port: 0, keyType: keyType)),
            logger: Logger(label: "demo-am-test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-tls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let caBundle = folder.appendingPathComponent("demo-am.pem")
            try Data((demo.certificatePEM ?? "").utf8).write(to: caBundle)
            let https = HTTPSDemo(
                demo: demo, baseURL: demo.httpsBaseURL ?? "", pin: demo.certificatePin ?? "", caBundlePath: caBundle.path)
            let result = try await body(https)
            await demo.stop()
            return result
        } catch {
            await demo.stop()
            throw error
        }
    }

    /// `POST <base>/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login`.
    public func startLogin(base: String? = nil) -> HTTPRequest {
        HTTPRequest(
            method: "POST",
            url: URL(string: (base ?? baseURL) + "/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login")!,
            headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept-API-Version", "resource=2.1, protocol=1.0")],
            body: Data("{}".utf8),
            timeout: .seconds(10))
    }
}
