import Foundation
import Orchestrate

/// Reads journeys from AM's file-based configuration (forgeops' `config/services/realm/root`):
/// a tree a file in `authenticationtreesservice/1.0/organizationconfig/default/`, each node a
/// file in its type's own folder (`pagenode/1.0/organizationconfig/default/<id>.json`), every file
/// `{"metadata", "data"}` with ids written `default/<id>`. A page node lists its nodes as
/// `"<id>:<type>:<display name>"` strings there.
enum AMConfigurationReader {
    static let treesFolder = "authenticationtreesservice/1.0/organizationconfig/default"
    private static let servicesFolder = "organizationconfig/default"

    /// The journeys of AM's configuration found among `files` (paths relative to `folder`): each
    /// realm folder holding the tree service is read whole. Nil when there is none.
    static func journeys(inFolder folder: String, files: [String]) -> (journeys: [JourneyDefinition], problems: [DefinitionProblem])? {
        let marker = "authenticationtreesservice/1.0/organizationconfig/default/"
        let realms = Set(files.compactMap { file -> String? in
            guard let range = file.range(of: marker) else { return nil }
            let realm = String(file[..<range.lowerBound]).trimmingSuffix("/")
            return realm.isEmpty ? folder : (folder as NSString).appendingPathComponent(realm)
        }).sorted()
        guard !realms.isEmpty else { return nil }
        var journeys: [JourneyDefinition] = []
        var problems: [DefinitionProblem] = []
        for realm in realms {
            let nodes = nodeConfigurations(inRealm: realm)
            let trees = (realm as NSString).appendingPathComponent(treesFolder)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: trees)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for file in files {
                let path = (trees as NSString).appendingPathComponent(file)
                do throws(DefinitionProblem) {
                    guard let tree = tree(in: try JourneyCatalog.document(at: path)) else { continue }
                    journeys.append(try TreeReader.journey(tree, name: (file as NSString).deletingPathExtension, source: path) { nodes[$0] })
                } catch {
                    problems.append(error)
                }
            }
        }
        return (journeys, problems)
    }

    /// Every node configuration of a realm, by id, page nodes' `nodes` rewritten as AM's REST
    /// API writes them.
    private static func nodeConfigurations(inRealm realm: String) -> [String: JSONObject] {
        var configurations: [String: JSONObject] = [:]
        let services = ((try? FileManager.default.contentsOfDirectory(atPath: realm)) ?? []).filter { $0.hasSuffix("node") }
        for service in services {
            let folder = [realm, service, "1.0", servicesFolder].joined(separator: "/")
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []) where file.hasSuffix(".json") {
                guard let data = (try? JourneyCatalog.document(at: (folder as NSString).appendingPathComponent(file)))?["data"]?.objectValue,
                      let id = data["_id"]?.stringValue.map(plainID) else { continue }
                var configuration = data
                if let children = data["nodes"]?.arrayValue, children.contains(where: { $0.stringValue != nil }) {
                    configuration["nodes"] = .array(children.compactMap { $0.stringValue.map(pageChild) })
                }
                configurations[id] = configuration
            }
        }
        return configurations
    }

    /// The tree a configuration file holds (its `data`, ids plain), or nil when it holds none.
    static func tree(in document: JSONValue) -> JSONObject? {
        guard var tree = document["data"]?.objectValue, tree["entryNodeId"] != nil else { return nil }
        tree["_id"] = tree["_id"]?.stringValue.map { .string(plainID($0)) }
        return tree
    }

    /// `default/Login` → `Login`.
    private static func plainID(_ id: String) -> String {
        id.hasPrefix("default/") ? String(id.dropFirst("default/".count)) : id
    }

    /// `"<id>:<type>:<display name>"` (the name may hold colons) as `{_id, nodeType, displayName}`.
    private static func pageChild(_ text: String) -> JSONValue {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        return .object(["_id": .string(parts[0]), "nodeType": .string(parts.count > 1 ? parts[1] : ""),
                        "displayName": .string(parts.count > 2 ? parts[2] : "")])
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
