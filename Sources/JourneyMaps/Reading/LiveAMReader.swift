import Foundation
import Orchestrate

/// Where a live AM's journey definitions are read: its admin REST API
/// (`/json/realms/…/realm-config/authentication/authenticationtrees`), with an administrator's
/// credential, over the instance's own transport (its TLS settings).
public struct LiveAM: Sendable {
    /// An administrator's credential, sent only to the trees endpoint.
    public enum Credential: Sendable {
        /// An SSO token, sent in the header AM names after its cookie.
        case ssoToken(header: String, token: String)
        /// An access token (Identity Cloud service accounts), sent as `Authorization: Bearer`.
        case bearer(String)
    }

    /// The realm's trees endpoint: `{base}/json/realms/root/realms/alpha/` followed by
    /// ``treesEndpoint`` (`ServerConfiguration.jsonEndpoint(LiveAM.treesEndpoint)`).
    public let trees: URL
    public let credential: Credential
    public let transport: any HTTPTransport
    public let timeout: Duration

    /// The trees endpoint's name under a realm's JSON API.
    public static let treesEndpoint = "realm-config/authentication/authenticationtrees"

    public init(trees: URL, credential: Credential, transport: any HTTPTransport, timeout: Duration = .seconds(30)) {
        self.trees = trees
        self.credential = credential
        self.transport = transport
        self.timeout = timeout
    }
}

/// Reads journeys from a live AM: one journey with its page and inner tree nodes' configurations
/// and, recursively, the journeys it runs; or the list of every journey of the realm.
public enum LiveAMReader {
    /// `name`'s definition and those of the journeys it runs; every journey of the realm
    /// (without node configurations) when `name` is nil.
    public static func catalog(_ am: LiveAM, journey name: String?) async -> JourneyCatalog {
        do throws(DefinitionProblem) {
            guard let name else {
                let list = try await get(am, "trees?_queryFilter=true")
                var catalog = JourneyCatalog()
                for tree in list["result"]?.arrayValue ?? [] {
                    guard let object = tree.objectValue else { continue }
                    do throws(DefinitionProblem) {
                        catalog.add(try TreeReader.journey(object, name: "", source: address(am, "trees")) { _ in nil })
                    } catch {
                        catalog.add(problem: error)
                    }
                }
                return catalog
            }
            // The journey named must be read; a journey it runs, or a node, that cannot be is
            // said, and the rest is still drawn.
            var catalog = JourneyCatalog()
            let first = try await read(am, journey: name)
            catalog.add(first.journey)
            for problem in first.problems { catalog.add(problem: problem) }
            var pending = first.journey.innerTreeNames
            var seen: Set<String> = [name]
            while let next = pending.first {
                pending.removeFirst()
                guard seen.insert(next).inserted else { continue }
                guard seen.count <= mostJourneys else {
                    catalog.add(problem: DefinitionProblem(source: address(am, "trees"), journey: name,
                                                           problem: "it runs more than \(mostJourneys) journeys; the rest were not read"))
                    break
                }
                do throws(DefinitionProblem) {
                    let inner = try await read(am, journey: next)
                    catalog.add(inner.journey)
                    for problem in inner.problems { catalog.add(problem: problem) }
                    pending += inner.journey.innerTreeNames
                } catch where error.status == 401 || error.status == 403 {
                    throw error
                } catch {
                    catalog.add(problem: error)
                }
            }
            return catalog
        } catch {
            return JourneyCatalog(problems: [error])
        }
    }

    /// The most journeys one read follows (the journey and those it runs, in turn): an AM whose
    /// trees run each other without end is read no further.
    public static let mostJourneys = 100

    /// A journey, and the problems of the node configurations that could not be read (the
    /// journey is drawn without them).
    private static func read(_ am: LiveAM, journey name: String) async throws(DefinitionProblem) -> (journey: JourneyDefinition, problems: [DefinitionProblem]) {
        let tree = try await get(am, "trees/" + escaped(name))
        guard let object = tree.objectValue else { throw DefinitionProblem(source: address(am, "trees/" + name), problem: "AM's answer is not a JSON object") }
        // Only page nodes and inner tree evaluators say something a map draws.
        var configurations: [String: JSONObject] = [:]
        var problems: [DefinitionProblem] = []
        for (id, node) in object["nodes"]?.objectValue ?? JSONObject() {
            guard let type = node["nodeType"]?.stringValue, ["PageNode", "InnerTreeEvaluatorNode"].contains(type) else { continue }
            do throws(DefinitionProblem) {
                configurations[id] = try await nodeConfiguration(am, type: type, id: id)
            } catch where error.status == 401 || error.status == 403 {
                throw error
            } catch {
                problems.append(DefinitionProblem(source: error.source, journey: name, node: id, problem: error.problem))
            }
        }
        return (try TreeReader.journey(object, name: name, source: address(am, "trees/" + name)) { configurations[$0] }, problems)
    }

    /// A node's configuration: AM before 8.1 answers `nodes/{type}/{id}`; AM 8.1 and later want
    /// the node type's version in the path and resource 3.0 (frodo asks so), 1.0 for most
    /// types and 2.0 for page nodes that name their outcomes after their nodes.
    private static func nodeConfiguration(_ am: LiveAM, type: String, id: String) async throws(DefinitionProblem) -> JSONObject? {
        let path = "nodes/\(escaped(type))/"
        do {
            return try await get(am, path + escaped(id)).objectValue
        } catch where error.status != 401 && error.status != 403 {
            for version in ["1.0", "2.0"] {
                if let configuration = try? await get(am, path + "\(version)/" + escaped(id), resource: "3.0").objectValue { return configuration }
            }
            throw error
        }
    }

    private static func get(_ am: LiveAM, _ path: String, resource: String = "1.0") async throws(DefinitionProblem) -> JSONValue {
        let address = address(am, path)
        guard let url = URL(string: address) else { throw DefinitionProblem(source: address, problem: "this is no address") }
        var headers = [HTTPHeader("Accept-API-Version", "protocol=2.1,resource=\(resource)"), HTTPHeader("Accept", "application/json")]
        switch am.credential {
        case .ssoToken(let header, let token): headers.append(HTTPHeader(header, token))
        case .bearer(let token): headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        }
        let response: HTTPResponse
        do throws(TransportError) {
            response = try await am.transport.send(HTTPRequest(method: "GET", url: url, headers: headers, body: nil, timeout: am.timeout))
        } catch {
            throw DefinitionProblem(source: Redaction.url(url), problem: error.description)
        }
        let body = try? JSONValue.parse(response.body)
        switch response.status {
        case 200: break
        case 401:
            throw DefinitionProblem(source: Redaction.url(url), problem: "AM refused the credential (401): sign in as an administrator, or give an administrator's access token", status: 401)
        case 403:
            throw DefinitionProblem(source: Redaction.url(url), problem: "AM says the user is no administrator (403): journey definitions are read with an administrator's session", status: 403)
        case 404:
            throw DefinitionProblem(source: Redaction.url(url), problem: "AM has no such journey or node in this realm (404)", status: 404)
        default:
            let message = body?["message"]?.stringValue.map { ": " + TerminalText.line($0) } ?? ""
            throw DefinitionProblem(source: Redaction.url(url), problem: "AM answered \(response.status)\(message)", status: response.status)
        }
        guard let body else { throw DefinitionProblem(source: Redaction.url(url), problem: "AM's answer is not JSON") }
        return body
    }

    private static func address(_ am: LiveAM, _ path: String) -> String {
        am.trees.absoluteString + "/" + path
    }

    /// A name or id as one path segment.
    static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? segment
    }
}
