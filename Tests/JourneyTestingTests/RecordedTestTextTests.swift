import Foundation
import JourneyEngine
import Orchestrate
import Testing
@testable import JourneyTesting

/// Whatever text a server sends, a saved test reads back as it was sent: its stage, prompts and
/// answers are YAML scalars that no character can break.
struct RecordedTestTextTests {
    @Test func aPromptWithALineSeparatorReadsBackAsSent() throws {
        let odd = "Name\u{2028}line\u{2029}par\u{85}nel\u{FEFF}bom\u{1B}[31m\u{7F}\u{9B}"
        let recorded = try RecordedTest(RecordedJourney(exchanges: Self.exchanges(stage: odd, prompt: odd, answer: "demo\u{2028}x")),
                                        target: .init(url: "http://127.0.0.1:1/am"))
        #expect(!recorded.yaml.unicodeScalars.contains { [0x2028, 0x2029, 0x85, 0xFEFF, 0x1B, 0x7F, 0x9B].contains($0.value) },
                "every such character is escaped: \(recorded.yaml)")
        let test = try #require(try TestFileReader(file: "saved.yaml").tests(in: recorded.yaml).first)
        // Prompts are compared as a run shows them, neutralised for a terminal (`PageCheck`).
        #expect(test.steps.first?.stage == odd && test.steps.first?.prompts == [TerminalText.line(odd)])
        #expect(test.steps.first?.answers.first?.name == TerminalText.line(odd), "\(test.steps.first?.answers.first?.name.debugDescription ?? "")")
        #expect(test.steps.first?.answers.first?.value.description == "demo\u{2028}x")
    }

    @Test func randomTextReadsBackThroughTheSavedTestsQuoting() throws {
        var generator = SystemRandomNumberGenerator()
        let ranges: [ClosedRange<UInt32>] = [0x0...0x7F, 0x80...0xFF, 0x2000...0x206F, 0xD000...0xD7FF, 0xE000...0xFFFF, 0x1F000...0x1F6FF, 0x10FF00...0x10FFFF]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let range = ranges.randomElement(using: &generator)!
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &generator)) { text.append(scalar) }
            }
            let written = String(text)
            let yaml = "name: \(RecordedTest.quoted(written))\nsteps:\n  - prompts: [\(RecordedTest.quoted(written))]\n"
            let test = try #require(try TestFileReader(file: "fuzz.yaml").tests(in: yaml).first, "\(yaml.debugDescription)")
            #expect(Array(test.name.unicodeScalars) == Array(written.unicodeScalars), "\(written.debugDescription)")
            #expect(test.steps.first?.prompts.map { $0.map { Array($0.unicodeScalars) } } == [Array(written.unicodeScalars)])
        }
    }

    /// A one-page journey as its client saw it: the page, then its answer and AM's success.
    private static func exchanges(stage: String, prompt: String, answer: String) throws -> [WireExchange] {
        func page(_ value: String) -> JSONValue {
            .object(["authId": .string("auth-1"), "stage": .string(stage), "callbacks": .array([.object([
                "type": .string("NameCallback"),
                "output": .array([.object(["name": .string("prompt"), "value": .string(prompt)])]),
                "input": .array([.object(["name": .string("IDToken1"), "value": .string(value)])]),
            ])])])
        }
        let url = try #require(URL(string: "http://127.0.0.1:1/am/json/realms/root/authenticate?authIndexType=service&authIndexValue=Odd"))
        func exchange(_ body: JSONValue?, _ response: JSONValue) -> WireExchange {
            WireExchange(started: Date(), duration: .milliseconds(1),
                         request: HTTPRequest(method: "POST", url: url, headers: [], body: body.map { Data($0.jsonText.utf8) }, timeout: .seconds(1)),
                         outcome: .success(HTTPResponse(status: 200, headers: [], body: Data(response.jsonText.utf8))), rules: RedactionRules())
        }
        return [exchange(nil, page("")), exchange(page(answer), .object(["tokenId": .string("sso"), "successUrl": .string("/")]))]
    }
}
