import DemoAM
import Logging

/// Runs `body` against a fresh demo AM on a free port, and always stops it.
func withDemoAM<T>(
    _ configuration: DemoAMConfiguration = DemoAMConfiguration(port: 0),
    logger: Logger = Logger(label: "demo-am-test", factory: { _ in SwiftLogNoOpLogHandler() }),
    _ body: (DemoAM, AMClient) async throws -> T
) async throws -> T {
    var configuration = configuration
    if configuration.port == DemoAMConfiguration.defaultPort { configuration.port = 0 }
    let server = try await DemoAM.start(configuration, logger: logger)
    do {
        let result = try await body(server, AMClient(server))
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
