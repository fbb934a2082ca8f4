#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A loopback port where nothing listens, for as long as this value lives: a socket bound to it
/// without listening, so a connection is refused and no other test's server can take the port
/// meanwhile (a stopped server's port can be handed to the next server a parallel test starts).
public final class ClosedPort: Sendable {
    public let port: Int
    private let socketDescriptor: Int32

    public init() {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        precondition(bound, "no loopback port could be bound")
        socketDescriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `http://127.0.0.1:<port>` followed by `path`.
    public func url(_ path: String = "") -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    deinit {
        close(socketDescriptor)
    }
}
