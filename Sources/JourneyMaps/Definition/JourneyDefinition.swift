/// One journey (authentication tree) as AM stores it: its nodes, each outcome's connection, and
/// where it starts. Read from an export, AM's configuration folder or AM's REST API; every text
/// in it came from a file or a server and is neutralised for the terminal when it is read.
public struct JourneyDefinition: Sendable, Equatable {
    public let name: String
    /// The node the journey starts at.
    public let entryNodeID: String
    /// Nodes in the order the definition lists them.
    public let nodes: [JourneyNode]
    /// A journey only other journeys run (AM's `innerTreeOnly`).
    public let innerTreeOnly: Bool
    /// Where it was read from: a file's path, a folder, or an address.
    public let source: String

    public init(name: String, entryNodeID: String, nodes: [JourneyNode], innerTreeOnly: Bool = false, source: String) {
        self.name = name
        self.entryNodeID = entryNodeID
        self.nodes = nodes
        self.innerTreeOnly = innerTreeOnly
        self.source = source
    }

    public func node(_ id: String) -> JourneyNode? { nodes.first { $0.id == id } }

    /// The journeys this one runs through its inner tree nodes, in the order they appear.
    public var innerTreeNames: [String] {
        var seen: Set<String> = []
        return nodes.compactMap(\.innerTree).filter { seen.insert($0).inserted }
    }
}

/// A node of a journey: what it is (`type`, as AM names node types), what the journey's author
/// called it, and where each of its outcomes leads.
public struct JourneyNode: Sendable, Equatable {
    public let id: String
    public let type: String
    public let displayName: String
    /// Each outcome's id and the node it leads to, in the definition's order.
    public let connections: [Connection]
    /// For a page node: the nodes it shows together on one page.
    public let pageChildren: [PageChild]
    /// For an inner tree evaluator: the journey it runs.
    public let innerTree: String?
    /// For a page node: the stage its page is sent with, when its author set one.
    public let stage: String?

    public init(id: String, type: String, displayName: String, connections: [Connection],
                pageChildren: [PageChild] = [], innerTree: String? = nil, stage: String? = nil) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.connections = connections
        self.pageChildren = pageChildren
        self.innerTree = innerTree
        self.stage = stage
    }

    /// An outcome and the node it leads to.
    public struct Connection: Sendable, Equatable {
        public let outcome: String
        public let target: String

        public init(outcome: String, target: String) {
            self.outcome = outcome
            self.target = target
        }
    }

    /// A node inside a page node.
    public struct PageChild: Sendable, Equatable {
        public let id: String
        public let type: String
        public let displayName: String

        public init(id: String, type: String, displayName: String) {
            self.id = id
            self.type = type
            self.displayName = displayName
        }
    }
}

/// The ends every journey shares: AM's static Success and Failure nodes, the same ids in every
/// realm and deployment.
public enum JourneyEnd: String, Sendable, CaseIterable {
    case success = "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"
    case failure = "e301438c-0bd0-429c-ab0c-66126501069a"

    public var title: String {
        switch self {
        case .success: "Success"
        case .failure: "Failure"
        }
    }
}
