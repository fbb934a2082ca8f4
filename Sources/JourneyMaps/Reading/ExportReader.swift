import Orchestrate

/// Reads journey exports as frodo writes them (`frodo journey export`): a file with `trees`,
/// one entry per journey with its `tree`, its `nodes` and its page nodes' `innerNodes`; the
/// older single-journey file with `tree`, `nodes` and `innerNodes` at the top; or a tree alone
/// as AM's REST API returns it, with its nodes' configurations in `separateNodes` (fr-config-manager
/// keeps them in a `nodes` folder beside the tree's file).
enum ExportReader {
    static func journeys(_ document: JSONValue, source: String, separateNodes: () -> [String: JSONObject] = { [:] })
        -> (journeys: [JourneyDefinition], problems: [DefinitionProblem]) {
        guard let top = document.objectValue else {
            return ([], [DefinitionProblem(source: source, problem: "the file is not a JSON object")])
        }
        var entries: [(name: String, entry: JSONObject)] = []
        // AM's authentication settings also have a `trees` object, of settings: an export's
        // holds an object with a `tree` for each journey.
        if let trees = top["trees"]?.objectValue, trees.contains(where: { $0.value["tree"] != nil }) {
            for (name, value) in trees {
                guard let entry = value.objectValue else {
                    return ([], [DefinitionProblem(source: source, journey: TerminalText.line(name), problem: "the journey's entry is not a JSON object")])
                }
                entries.append((name, entry))
            }
        } else if top["tree"]?.objectValue != nil {
            entries.append((top["tree"]?["_id"]?.stringValue ?? "", top))
        } else if top["entryNodeId"] != nil {
            var nodes = JSONObject()
            for (id, configuration) in separateNodes() { nodes[id] = .object(configuration) }
            entries.append((top["_id"]?.stringValue ?? "", ["tree": .object(top), "nodes": .object(nodes)]))
        } else if let tree = AMConfigurationReader.tree(in: document) {
            // One tree file of AM's file-based configuration, named on its own: its nodes'
            // configurations are in other folders (read the realm's folder for them).
            entries.append((tree["_id"]?.stringValue ?? "", ["tree": .object(tree)]))
        } else {
            return ([], [DefinitionProblem(source: source, problem: "no journey found: an export has \"trees\" or \"tree\", and a tree has \"entryNodeId\"")])
        }
        var journeys: [JourneyDefinition] = []
        var problems: [DefinitionProblem] = []
        for (name, entry) in entries {
            guard let tree = entry["tree"]?.objectValue else {
                problems.append(DefinitionProblem(source: source, journey: TerminalText.line(name), problem: "the journey's entry has no \"tree\" object"))
                continue
            }
            let nodes = entry["nodes"]?.objectValue, innerNodes = entry["innerNodes"]?.objectValue
            do {
                journeys.append(try TreeReader.journey(tree, name: name, source: source) { id in
                    nodes?[id]?.objectValue ?? innerNodes?[id]?.objectValue
                })
            } catch {
                problems.append(error)
            }
        }
        return (journeys, problems)
    }
}
