import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage plus the server's base URL, taken from the
/// port the connection arrived on.
struct DemoRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// `http://127.0.0.1:<port>/am`; the HTTPS listener makes it `https://…`.
    var baseURL: String

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        baseURL = DemoAM.baseURL(port: source.channel.localAddress?.port ?? 0)
    }
}
