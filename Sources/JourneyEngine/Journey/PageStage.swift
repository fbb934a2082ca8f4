import Foundation
import Orchestrate

/// A page's stage as a person reads it. Identity Cloud's Platform UI writes its rendering hints
/// into a page node's stage as JSON (`{"ValidatedCreatePasswordCallback":[{"id":"…",
/// "confirmPassword":true}]}`); that becomes `Platform UI: ValidatedCreatePasswordCallback
/// (confirmPassword)`, each callback type with the hints set to something other than false, the
/// node ids left out. Any other stage is shown as it is. Matching pages (tests, maps) uses the
/// stage as AM sent it.
public enum PageStage {
    public static func readable(_ stage: String) -> String {
        guard stage.hasPrefix("{"), case .object(let object)? = try? JSONValue.parse(Data(stage.utf8)), !object.keys.isEmpty else { return stage }
        let parts = object.map { type, value -> String in
            let hints = (value.arrayValue ?? [value]).compactMap(\.objectValue).flatMap { hint in
                hint.compactMap { key, value in key == "id" || value == .bool(false) || value == .null ? nil : key }
            }
            var seen: Set<String> = []
            let distinct = hints.filter { seen.insert($0).inserted }
            return distinct.isEmpty ? type : "\(type) (\(distinct.joined(separator: ", ")))"
        }
        return "Platform UI: " + parts.joined(separator: "; ")
    }
}

extension JourneyStep {
    /// The stage as a person reads it (`PageStage.readable`); nil when the page has none.
    public var readableStage: String? {
        stage.flatMap { $0.isEmpty ? nil : PageStage.readable($0) }
    }
}
