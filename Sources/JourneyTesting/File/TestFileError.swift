/// Why a test file cannot run, with the file, the line and the key it is about.
public struct TestFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let line: Int?
    /// The key the problem is under (`steps[2].answers`), when there is one.
    public let key: String?
    public let problem: String

    public init(file: String, line: Int?, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    /// `file:line: key: problem`, as compilers and editors read it.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): " + (key.map { "\($0): " } ?? "") + problem
    }
}
