import Foundation
import JourneyEngine
import Orchestrate

/// One parser under fuzzing: a name for `journey-fuzz`, and a function that feeds it bytes.
/// A target returns normally for every input, however malformed; a crash, a hang or a
/// sanitizer report is the bug libFuzzer looks for.
public struct FuzzTarget: Sendable {
    public let name: String
    /// What it reads, for `journey-fuzz --list` and docs/reliability.md.
    public let summary: String
    /// Inputs to start from: what the demo AM and real servers send, valid and nearly so.
    public let seeds: [Data]
    /// The longest input worth trying (libFuzzer's `-max_len` unless one is given): a little
    /// over the most the real source sends (a header line, an AM page, a config file), so the
    /// fuzzer spends its inputs where bugs can be.
    public let maxInputLength: Int
    public let run: @Sendable (Data) -> Void

    init(name: String, summary: String, maxInputLength: Int, seeds: [String], run: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.summary = summary
        self.maxInputLength = maxInputLength
        self.seeds = seeds.map { Data($0.utf8) }
        self.run = run
    }

    /// Every target, in the order docs/reliability.md lists them.
    public static let all: [FuzzTarget] = [
        .stepDecoder, .setCookie, .authenticateHeader, .gatewayHeaderAdvice, .gatewayRedirectAdvice,
        .restAdvice, .adviceXML, .profiles, .imports, .keyDecoder,
    ]

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// The seeds, and for the step decoder every recorded AM response in `fixtures` (the
    /// ForgeRock iOS SDK's AuthTree recordings, `{"responsePayload": …}`) when the folder exists.
    public func seeds(withFixturesIn fixtures: URL?) -> [Data] {
        guard name == FuzzTarget.stepDecoder.name, let fixtures,
              let files = try? FileManager.default.contentsOfDirectory(atPath: fixtures.path) else { return seeds }
        return seeds + files.sorted().compactMap { file in
            guard let data = FileManager.default.contents(atPath: fixtures.appending(path: file).path),
                  let payload = (try? JSONValue.parse(data))?["responsePayload"] else { return nil }
            return payload.encoded()
        }
    }
}

extension Data {
    /// The bytes as text, as a server's or a file's would be read: invalid UTF-8 repaired.
    var fuzzText: String { String(decoding: self, as: UTF8.self) }
}
