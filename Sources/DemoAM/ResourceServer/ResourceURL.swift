import Foundation
import Hummingbird

/// URLs and answers the resource server shares between `/api` and `/ig`.
enum ResourceURL {
    /// `http://127.0.0.1:<port><path>`: the resource as policy evaluation names it, on the
    /// listener the request came to.
    static func of(_ context: DemoRequestContext, path: String) -> String {
        String(context.baseURL.dropLast("/am".count)) + path
    }

    /// 502 when the demo AM could not be asked or answered unexpectedly.
    static func badGateway(_ failure: AMBackend.Failure) -> Response {
        .json(.object([("error", "bad_gateway"), ("error_description", .string("The demo AM could not decide: \(failure.message)"))]), status: .badGateway)
    }
}
