import Foundation
import JourneyTesting
import Orchestrate

/// The rows of `--cases FILE.csv`: a header of variable names (answers, by prompt) and one row
/// of values per virtual user or per iteration, taken in turn and from the top again when the
/// rows run out.
public struct LoadCases: Sendable, Hashable {
    /// Whom a row goes to.
    public enum Assignment: String, Sendable, Hashable, CaseIterable {
        /// Iteration N (counted over the whole run) takes row N.
        case iteration
        /// Virtual user N takes row N for all its iterations.
        case user
    }

    public var rows: [[String: String]]
    public var assignment: Assignment

    public init(rows: [[String: String]] = [], assignment: Assignment = .iteration) {
        self.rows = rows
        self.assignment = assignment
    }

    /// The variables of one iteration (empty without cases).
    public func variables(user: Int, iteration: Int) -> [String: String] {
        guard !rows.isEmpty else { return [:] }
        return rows[(assignment == .user ? user : iteration) % rows.count]
    }

    /// Reads CSV (RFC 4180: commas, fields in double quotes may hold commas, quotes doubled and
    /// line breaks): the first line names the columns; empty lines are skipped.
    public static func parse(csv text: String, source: String) throws(LoadCasesError) -> [[String: String]] {
        let records = try CSVRecords.parse(text, source: source)
        guard let header = records.first else { throw .empty(source: source) }
        let names = header.map { $0.trimmingSpaces() }
        if let blank = names.firstIndex(where: \.isEmpty) {
            throw .badLine(source: source, line: 1, problem: "column \(blank + 1) has no name")
        }
        if Set(names).count != names.count {
            throw .badLine(source: source, line: 1, problem: "a column name is repeated")
        }
        var rows: [[String: String]] = []
        for (offset, record) in records.dropFirst().enumerated() {
            guard record.count == names.count else {
                throw .badLine(source: source, line: offset + 2,
                               problem: "\(record.count) fields where the header names \(names.count)")
            }
            // A value fills in a test's variables, which hold at most what a template may.
            if let column = record.firstIndex(where: { $0.utf8.count > VariableScope.sizeLimit }) {
                throw .badLine(source: source, line: offset + 2, problem: "the value of \(names[column]) is over 1 MiB")
            }
            rows.append(Dictionary(uniqueKeysWithValues: zip(names, record)))
        }
        guard !rows.isEmpty else { throw .empty(source: source) }
        return rows
    }
}

/// A `--cases` file that cannot be used.
public enum LoadCasesError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty(source: String)
    /// `line` counts records from 1 (the header).
    case badLine(source: String, line: Int, problem: String)

    public var description: String {
        switch self {
        case .empty(let source): "\(source) has no rows under its header line (one row per virtual user or iteration)."
        case .badLine(let source, let line, let problem): "\(source), record \(line): \(problem)."
        }
    }
}

/// Splits CSV text into records of fields.
enum CSVRecords {
    static func parse(_ text: String, source: String) throws(LoadCasesError) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var fieldWasQuoted = false
        var characters = text.makeIterator()
        var pending: Character?
        func endRecord() {
            record.append(field)
            if !(record.count == 1 && record[0].isEmpty && !fieldWasQuoted) { records.append(record) }
            record = []
            field = ""
            fieldWasQuoted = false
        }
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.append(character)
                }
            } else if character == "\"" && field.isEmpty {
                quoted = true
                fieldWasQuoted = true
            } else if character == "," {
                record.append(field)
                field = ""
                fieldWasQuoted = false
            } else if character.isNewline {
                endRecord()
            } else {
                field.append(character)
            }
        }
        if quoted { throw .badLine(source: source, line: records.count + 1, problem: "a quoted field is not closed") }
        if !field.isEmpty || !record.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
