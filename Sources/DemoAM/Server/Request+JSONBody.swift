import Foundation
import Hummingbird

extension Request {
    /// The body as JSON (up to 1 MiB); `nil` when it is empty or only whitespace.
    func jsonBody() async throws(AMError) -> JSONValue? {
        var request = self
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: 1 << 20)
        } catch let error as HTTPError {
            throw AMError(error)
        } catch {
            throw .badRequest("The request body could not be read")
        }
        let data = Data(buffer.readableBytesView)
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return nil }
        guard let body = JSONValue(parsing: data) else { throw .badRequest("The request body is not valid JSON") }
        return body
    }
}
