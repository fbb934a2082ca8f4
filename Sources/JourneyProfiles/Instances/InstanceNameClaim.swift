import DaVinci
import JourneyEngine
import Orchestrate

/// One name, one kind: an instance name belongs to the kind whose instance first kept records
/// under it, and an instance of the other kind cannot take it. The command line and the
/// full-screen UI both ask here, and each adds how to choose another name.
public struct InstanceNameTaken: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String
    /// The kind of the instance that holds the name.
    public let holder: OrchestrationKind

    /// Refuses `name` for an instance of `kind` when an instance of the other kind holds it.
    public static func check(_ name: String, for kind: OrchestrationKind, in backend: any RecordStore) throws -> Void {
        let holder: OrchestrationKind? = switch kind {
        case .journey: try DaVinciInstance(name: name, stores: InstanceStores(instance: name), backend: backend).record() != nil ? .davinci : nil
        case .davinci: try ClientInstance(name: name, backend: backend).profile() != nil ? .journey : nil
        }
        if let holder { throw InstanceNameTaken(name: name, holder: holder) }
    }

    public var description: String {
        let kind = holder == .davinci ? "DaVinci" : "journey"
        return "The instance \"\(TerminalText.line(name))\" is a \(kind) instance, and one name belongs to one kind."
    }
}
