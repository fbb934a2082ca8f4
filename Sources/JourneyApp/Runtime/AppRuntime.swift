import Foundation
import JourneyEngine
import Logging
import Synchronization

/// Performs the app's effects off the UI loop: each tab's requests go through that tab's own
/// `JourneyClient` (its own cookie jar); answers and timers come back as events in the inbox,
/// tagged with the tab and request that asked, so a slow server never blocks another tab.
public final class AppRuntime: Sendable {
    private struct RequestKey: Hashable {
        let tabID: Int
        let requestID: Int
    }

    private let inbox = Mutex<[AppEvent]>([])
    private let running = Mutex<[RequestKey: Task<Void, Never>]>([:])
    private let clients = Mutex<[Int: JourneyClient]>([:])
    private let transport: any HTTPTransport
    private let logger: Logger

    public init(transport: any HTTPTransport = AsyncHTTPTransport(), logger: Logger = Logger(label: "journeyterm.wire")) {
        self.transport = transport
        self.logger = logger
    }

    /// Events that arrived since the last call, oldest first.
    public func drain() -> [AppEvent] {
        inbox.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    public func perform(_ effects: [AppEffect], in state: AppState) {
        for effect in effects {
            switch effect {
            case .send(let tabID, let requestID, let request):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                let client = client(for: tabID, server: tab.profile.server)
                let key = RequestKey(tabID: tabID, requestID: requestID)
                let task = Task { [self] in
                    let result: Result<HTTPResponse, JourneyError>
                    do throws(JourneyError) {
                        result = .success(try await client.send(request))
                    } catch {
                        result = .failure(error)
                    }
                    running.withLock { _ = $0.removeValue(forKey: key) }
                    if !Task.isCancelled {
                        inbox.withLock { $0.append(.responded(tabID: tabID, requestID: requestID, result)) }
                    }
                }
                running.withLock { $0[key] = task }
            case .cancel(let tabID, let requestID):
                running.withLock { $0.removeValue(forKey: RequestKey(tabID: tabID, requestID: requestID)) }?.cancel()
            case .schedulePoll(let tabID, let authId, let delay):
                Task { [self] in
                    try? await Task.sleep(for: delay)
                    inbox.withLock { $0.append(.pollDue(tabID: tabID, authId: authId)) }
                }
            case .closeClient(let tabID):
                clients.withLock { _ = $0.removeValue(forKey: tabID) }
            case .logout(let tabID, let tokenId):
                guard let tab = state.tabs.first(where: { $0.id == tabID }) else { continue }
                let client = client(for: tabID, server: tab.profile.server)
                Task { [self] in
                    let result: Result<LogoutOutcome, JourneyError>
                    do throws(JourneyError) {
                        result = .success(try await client.logout(tokenId: tokenId))
                    } catch {
                        result = .failure(error)
                    }
                    inbox.withLock { $0.append(.loggedOut(tabID: tabID, result)) }
                }
            case .clearCookies(let tabID):
                if let client = clients.withLock({ $0[tabID] }) {
                    Task { await client.clearCookies() }
                }
            }
        }
    }

    private func client(for tabID: Int, server: ServerConfiguration) -> JourneyClient {
        clients.withLock { clients in
            if let existing = clients[tabID] { return existing }
            let client = JourneyClient(server: server, transport: transport, logger: logger)
            clients[tabID] = client
            return client
        }
    }
}
