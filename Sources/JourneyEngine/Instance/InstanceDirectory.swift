import Foundation
import Orchestrate

/// One stored instance as `journey instances`, `journey logout --all` and the UI's sharing
/// panel see it: its configuration, the stores it uses and what they hold for its server.
public struct InstanceSummary: Sendable {
    public let name: String
    /// The profile its options came from, if any.
    public let profileName: String?
    /// The options it last started with; nil for a record too old to say.
    public let options: JourneyOptions?
    public let stores: InstanceStores
    public let session: StoredSession?
    public let tokens: StoredTokens?
    /// Why a store could not be read, when one could not.
    public let problem: String?

    /// The person signed in, when the instance holds a session.
    public var signedInUser: String? { session.map { $0.userName ?? "?" } }
}

/// The stored instances: every `profile-<name>` record in a record store.
public enum InstanceDirectory {
    private static let profilePrefix = "profile-"

    /// The names of the stored instances, sorted.
    public static func names(in backend: any RecordStore) throws(StoreError) -> [String] {
        try backend.names().filter { $0.hasPrefix(profilePrefix) }.map { String($0.dropFirst(profilePrefix.count)) }
            .filter { (try? InstanceStores.validate(instanceName: $0)) != nil }
    }

    /// Every stored instance with what its stores hold for its server and OAuth client.
    public static func summaries(in backend: any RecordStore) throws(StoreError) -> [InstanceSummary] {
        try names(in: backend).map { summary(of: $0, in: backend) }
    }

    /// One instance; a store it cannot read becomes the summary's `problem`.
    public static func summary(of name: String, in backend: any RecordStore) -> InstanceSummary {
        var problem: String?
        var options: JourneyOptions?, profileName: String?, session: StoredSession?, tokens: StoredTokens?
        var stores = InstanceStores(instance: name)
        do {
            let record = try ClientInstance(name: name, backend: backend).profile()
            options = record?.startedOptions
            profileName = record?.profileName
            if let options {
                let instance = try ClientInstance(name: name, backend: backend, options: options)
                stores = instance.stores
                let server = try options.serverConfiguration()
                session = try instance.session(on: server)
                if let clientId = options.oauthClientId { tokens = try instance.tokens(on: server, clientId: clientId) }
            }
        } catch let error as StoreError {
            problem = error.description
        } catch {
            problem = String(describing: error)
        }
        return InstanceSummary(name: name, profileName: profileName, options: options, stores: stores, session: session,
                               tokens: tokens, problem: problem)
    }

    /// Which instances share each store that more than one of them uses, by store name: the
    /// reason signing out of one signs out the others.
    public static func sharedStores(_ summaries: [InstanceSummary]) -> [(store: String, instances: [String])] {
        var users: [String: [String]] = [:]
        for summary in summaries {
            for store in Set([summary.stores.session, summary.stores.tokens, summary.stores.cookies]) {
                users[store, default: []].append(summary.name)
            }
        }
        return users.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
