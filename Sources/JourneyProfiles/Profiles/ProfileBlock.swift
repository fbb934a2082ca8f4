import JourneyEngine
import Orchestrate
import Yams

/// One profile as a YAML block, `name:` with its options indented below in catalog order,
/// serialised by Yams so that every value is quoted when YAML would otherwise read it as
/// something else (`'null'`, `'yes'`); seconds and booleans stay plain.
enum ProfileBlock {
    static func node(name: String, values: [OptionKey: OptionValue]) throws -> Node {
        var options: [(Node, Node)] = []
        for key in OptionKey.allCases {
            guard let value = values[key] else { continue }
            let node: Node = switch value {
            case .text(let text): try scalar(text, kind: key.kind)
            case .list(let items): .sequence(Node.Sequence(try items.map { try $0.represented() }))
            }
            options.append((try key.rawValue.represented(), node))
        }
        return .mapping(Node.Mapping([(try name.represented(), .mapping(Node.Mapping(options)))]))
    }

    static func yaml(name: String, values: [OptionKey: OptionValue]) throws -> String {
        try Yams.serialize(node: node(name: name, values: values), indent: 2)
    }

    /// Numbers of seconds and true / false as YAML reads them back as text anyway; anything
    /// else as Yams represents a string.
    private static func scalar(_ text: String, kind: OptionKey.Kind) throws -> Node {
        let plain = switch kind {
        case .seconds: Double(text) != nil && text.allSatisfy { $0.isNumber || $0 == "." }
        case .boolean: text == "true" || text == "false"
        default: false
        }
        return plain ? .scalar(Node.Scalar(text)) : try text.represented()
    }
}
