/// Checks templates against a scope before a run, in time linear in the variables: a reference
/// that is not set, variables that refer to each other in a loop, a value longer than
/// ``VariableScope/sizeLimit`` once filled in (`v1: "${v0}${v0}"` … doubles at each level), or
/// variables nested deeper than ``VariableScope/depthLimit``. Each variable is measured once
/// and its size remembered for the next template.
struct TemplateAudit {
    private let scope: VariableScope
    /// The longest text each variable measured so far fills in.
    private var sizes: [String: Int] = [:]
    /// The variables being measured, outermost first.
    private var path: [String] = []

    init(scope: VariableScope) {
        self.scope = scope
    }

    /// Why the variable `name` cannot be filled in within `limit` bytes, or nil: what a
    /// `{command: …}` reads from its environment, where one variable holds at most
    /// ``VariableScope/commandVariableLimit``.
    mutating func problem(fillingVariable name: String, limit: Int) -> String? {
        do {
            let size = try measure(variable: name)
            guard size <= limit else {
                return "${\(name)} would be \(Self.bytes(size)) once filled in, and a command's environment takes at most \(Self.bytes(limit)) a variable"
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// Why `template` cannot be filled in, or nil.
    mutating func problem(filling template: TestTemplate) -> String? {
        do {
            let size = try measure(template)
            guard size <= VariableScope.sizeLimit else {
                return "the text would be \(Self.bytes(size)) once filled in, over the limit of \(Self.bytes(VariableScope.sizeLimit))"
            }
            return nil
        } catch {
            return error.description
        }
    }

    private struct Finding: Error, CustomStringConvertible {
        let description: String
    }

    private mutating func measure(_ template: TestTemplate) throws(Finding) -> Int {
        var total = 0
        for part in template.parts {
            switch part {
            case .literal(let text):
                total += text.utf8.count
            case .environment(let name):
                guard let value = scope.environment[name] else { throw Finding(description: "${env:\(name)} is not set") }
                total += value.utf8.count
            case .totp:
                total += 10
            case .variable(let name):
                total += try measure(variable: name)
            }
        }
        return total
    }

    private mutating func measure(variable name: String) throws(Finding) -> Int {
        if let known = sizes[name] { return known }
        if let start = path.firstIndex(of: name) {
            let loop = path[start...] + [name]
            throw Finding(description: loop.count == 2
                ? "${\(name)} refers to itself"
                : "the variables refer to each other in a loop: \(Self.chain(Array(loop)))")
        }
        guard let template = scope.variables[name] else { throw Finding(description: "${\(name)} is not set") }
        guard path.count < VariableScope.depthLimit else {
            throw Finding(description: "variables nest deeper than \(VariableScope.depthLimit): \(Self.chain(path + [name]))")
        }
        path.append(name)
        defer { path.removeLast() }
        let size = try measure(template)
        guard size <= VariableScope.sizeLimit else {
            throw Finding(description: "${\(name)} would be \(Self.bytes(size)) once filled in, over the limit of "
                          + "\(Self.bytes(VariableScope.sizeLimit)): \(Self.chain(path + largestBelow(template)))")
        }
        sizes[name] = size
        return size
    }

    /// The chain of the largest variables under `template`, all measured already.
    private func largestBelow(_ template: TestTemplate) -> [String] {
        var chain: [String] = []
        var current = template
        while let next = current.variableNames.max(by: { (sizes[$0] ?? 0) < (sizes[$1] ?? 0) }), !chain.contains(next),
              let inner = scope.variables[next] {
            chain.append(next)
            current = inner
        }
        return chain
    }

    /// `${a} → ${b} → ${a}`, long chains with their middle left out.
    private static func chain(_ names: [String]) -> String {
        let shown = names.map { "${\($0)}" }
        guard shown.count > 7 else { return shown.joined(separator: " → ") }
        return (shown.prefix(3) + ["…"] + shown.suffix(3)).joined(separator: " → ")
    }

    private static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? "\(count >> 20) MiB" : count >= 1 << 10 ? "\(count >> 10) KiB" : "\(count) bytes"
    }
}
