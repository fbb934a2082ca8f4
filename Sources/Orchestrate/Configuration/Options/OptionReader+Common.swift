import Foundation

/// The checks of the options both kinds take.
extension OptionReader {
    mutating func orchestrationKind() -> OrchestrationKind {
        guard let text = text(.kind) else { return .journey }
        guard let kind = OrchestrationKind(rawValue: text.lowercased()) else {
            report(.kind, value: text, reason: "expected journey or davinci")
            return .journey
        }
        return kind
    }

    /// The pins, each checked by TLS's own rule.
    mutating func pins() -> [String] {
        let pins = values[.sslPinningPublicKeyHashes]?.items.map { $0.trimmingSpaces() } ?? []
        for pin in pins where (try? TLSPolicy.check(pin: pin)) == nil {
            report(.sslPinningPublicKeyHashes, value: pin, reason: "a pin is the base64 of a 32-byte SHA-256 (44 characters ending in '=')")
        }
        return pins
    }

    mutating func storeName(_ key: OptionKey) -> String? {
        guard let name = text(key) else { return nil }
        do {
            try InstanceStores.validate(instanceName: name)
        } catch {
            report(key, value: name, reason: "use 1–\(InstanceStores.maximumInstanceNameLength) letters, digits, '-', '_' or '.'")
        }
        if let prefix = StoreRole.reservedPrefix(of: name) {
            report(key, value: name, reason: "names starting with \"\(prefix)\" are JourneyTerm's own records; name another store")
        }
        return name
    }

    /// Two store options naming one store would make one role overwrite the other (tokens over
    /// the SSO session …); a DaVinci instance keeps its cookies in its session store.
    mutating func distinctStores(_ named: [(OptionKey, String?)], kind: OrchestrationKind) {
        let given = named.compactMap { key, name in name.map { (key, $0) } }
        for (index, (key, name)) in given.enumerated() {
            for (otherKey, other) in given[(index + 1)...] where other == name {
                if kind == .davinci, Set([key, otherKey]) == [.sessionStore, .cookieStore] { continue }
                report(otherKey, value: other, reason: "\(key.rawValue) names the same store; each needs its own, or one would overwrite the other")
            }
        }
    }

    /// `Name: value` items. A header HTTP cannot carry is refused here, when given, with its
    /// name and never its value (it may be a secret), so it is never sent or stored; so is a
    /// value with a character a terminal would act on (C1, bidi), which a trace would show.
    mutating func headers() -> [HTTPHeader] {
        (values[.headers]?.items ?? []).compactMap { item in
            let parts = item.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard parts.count == 2, !parts[0].isEmpty else {
                report(.headers, value: Redaction.headerLine(item), reason: "expected \"Name: value\"")
                return nil
            }
            let header = HTTPHeader(parts[0], parts[1])
            let unprintable = header.value.unicodeScalars.first { $0 != "\t" && TerminalText.isUnsafe($0) }
            if let problem = header.problem ?? unprintable.map({ "has a value with \(HTTPHeader.describe($0)), which header values here cannot hold" }) {
                report(.headers, value: Redaction.headerLine(item), reason: "the header \(TerminalText.line(header.name)) \(problem)")
                return nil
            }
            return header
        }
    }

    mutating func queryParameters() -> [QueryParameter] {
        (values[.queryParameters]?.items ?? []).compactMap { item in
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(where: \.isWhitespace) else {
                report(.queryParameters, value: Redaction.headerLine(item), reason: "expected \"name=value\"")
                return nil
            }
            return QueryParameter(name: parts[0], value: parts[1])
        }
    }
}
