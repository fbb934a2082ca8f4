import Foundation
import JourneyEngine
import Orchestrate
import Testing

/// The answers a traced journey gave, saved as an answers file: secrets left out.
struct AnswersFileTests {
    @Test func theAnswersFileKeepsAnswersAndLeavesSecretsOut() {
        let url = URL(string: "https://am.example.com/am/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login")!
        let page = #"{"authId":"a","callbacks":[{"type":"NameCallback","output":[{"name":"prompt","value":"User Name"}],"input":[{"name":"IDToken1","value":"demo"}]},{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":"abcdef-secret"}]},{"type":"ChoiceCallback","output":[{"name":"prompt","value":"Channel"},{"name":"choices","value":["Email","SMS"]},{"name":"defaultChoice","value":0}],"input":[{"name":"IDToken3","value":1}]},{"type":"NameCallback","output":[{"name":"prompt","value":"Enter verification code"}],"input":[{"name":"IDToken4","value":"123456"}]}]}"#
        func post(_ body: String?) -> WireExchange {
            WireExchange(started: Date(timeIntervalSince1970: 1_700_000_000), duration: .milliseconds(5),
                         request: HTTPRequest(method: "POST", url: url, headers: [], body: body.map { Data($0.utf8) }, timeout: .seconds(5)),
                         outcome: .success(HTTPResponse(status: 200, headers: [], body: Data())), rules: .journey())
        }
        let text = AnswersFile.text(from: [post(nil), post(page.replacingOccurrences(of: "demo", with: "first")), post(nil), post(page)])
        #expect(text.hasPrefix("# Answers to the journey Login for journey login --answers FILE"))
        #expect(text.hasSuffix("User Name=demo\n# Password=… (secret: not saved)\nChannel=SMS\n# Enter verification code=… (secret: not saved)\n"))
        #expect(!text.contains("first") && !text.contains("abcdef-secret") && !text.contains("123456"))
        var book = AnswerBook()
        #expect(throws: Never.self) { try book.add(fileContents: text, source: "saved") }
        #expect(book.entries.map(\.key) == ["User Name", "Channel"])
    }
}
