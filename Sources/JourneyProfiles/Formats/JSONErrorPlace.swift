import Foundation

/// Where in a file Foundation's JSON reader gave up, as a person finds it: "line 4, column 21".
/// Foundation says "around character 86" (or "around line 4, column 21"); the offset is turned
/// into a line and a column of the file's text.
enum JSONErrorPlace {
    /// "line L, column C: what was wrong", or the reader's own words when they name no place.
    static func describe(_ error: Error, in data: Data) -> String {
        let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        let reason = said.components(separatedBy: " around ").first.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 } ?? said
        if let place = lineAndColumn(in: said) ?? offset(in: said).map({ position(of: $0, in: data) }) {
            return "line \(place.line), column \(place.column): \(reason.lowercasedFirst) (not valid JSON)"
        }
        return said
    }

    /// "…around line 4, column 21."
    private static func lineAndColumn(in said: String) -> (line: Int, column: Int)? {
        let numbers = said.components(separatedBy: "around line ").dropFirst().first?
            .components(separatedBy: CharacterSet.decimalDigits.inverted).compactMap { Int($0) } ?? []
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    /// "…around character 86."
    private static func offset(in said: String) -> Int? {
        said.components(separatedBy: "around character ").dropFirst().first?
            .components(separatedBy: CharacterSet.decimalDigits.inverted).first.flatMap { Int($0) }
    }

    /// The 1-based line and column of a 0-based byte offset into the text.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // one column per character, not per UTF-8 byte
            }
        }
        return (line, column)
    }
}

private extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
