import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import LoopbackHTTP

/// The HTTPS listener: the same routes as the HTTP one, served with a ``DemoCertificate`` made
/// at start. URLs the server writes into responses (resume links, OAuth issuers) say `https`.
struct HTTPSListener: Sendable {
    let server: RunningServer
    let certificate: DemoCertificate

    static func launch(
        router: Router<DemoRequestContext>, configuration: DemoAMConfiguration.HTTPS, logger: Logger
    ) async throws(DemoAMError) -> HTTPSListener {
        let certificate: DemoCertificate
        do {
            certificate = try DemoCertificate.make(configuration.keyType)
        } catch {
            throw .cannotMakeCertificate(reason: "\(error)")
        }
        let routes = router.buildResponder()
        let responder = CallbackResponder<DemoRequestContext> { request, context in
            var context = context
            context.baseURL = "https://" + context.baseURL.dropFirst("http://".count)
            return try await routes.respond(to: request, context: context)
        }
        let tls: HTTPServerBuilder
        do {
            tls = try .tls(tlsConfiguration: certificate.serverConfiguration)
        } catch {
            throw .cannotMakeCertificate(reason: "TLS refused it: \(error)")
        }
        let server = try await RunningServer.launchDemo(responder: responder, server: tls, port: configuration.port, logger: logger)
        return HTTPSListener(server: server, certificate: certificate)
    }
}
