import Foundation
import Orchestrate
import Testing

struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test func keepsIntegersDoublesAndBooleansApart() throws {
        let value = try parse(#" {"i": 0, "n": -12, "d": 1.5, "e": 2e3, "t": true, "f": false, "z": null, "big": 12345678901234567890123} "#)
        #expect(value["i"] == .int(0))
        #expect(value["n"] == .int(-12))
        #expect(value["d"] == .double(1.5))
        #expect(value["e"] == .double(2000))
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["z"] == .null)
        #expect(value["big"] == .double(1.2345678901234568e22), "too large for Int, so a Double")
        #expect(value.jsonText == #"{"i":0,"n":-12,"d":1.5,"e":2000.0,"t":true,"f":false,"z":null,"big":1.2345678901234568e+22}"#)
    }

    @Test func membersKeepTheServersOrderAndTheLastDuplicateWins() throws {
        #expect(try parse(#"{"z":1,"a":2,"z":3}"#).jsonText == #"{"z":3,"a":2}"#)
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let large = try parse("{\(many),\"k3\":\"last\"}")
        #expect(large.objectValue?.count == 40)
        #expect(large["k3"] == .string("last"))
        #expect(large.objectValue?.keys.first == "k0")
    }

    @Test func objectEqualityIgnoresMemberOrderAsJSONDoes() throws {
        let one = try parse(#"{"a":1,"b":[true]}"#)
        let other = try parse(#"{"b":[true],"a":1}"#)
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(one != (try parse(#"{"a":1,"b":[false]}"#)))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00\ud800x"]"#)
        #expect(value.arrayValue?.first == .string("a\"b\\c/d\n\té😀\u{FFFD}x"))
    }

    @Test func writesEscapesSoTheTextParsesBack() throws {
        let original = JSONValue.object(["k\"ey": .string("line\nbreak \u{1} \\ / é 日本"), "list": .array([.int(1), .null])])
        #expect(try JSONValue.parse(original.encoded()) == original)
        #expect(original.jsonText.contains(#"\u0001"#))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "tru", "01x", "\"unterminated", "[1] 2", "{\"a\":\"\u{1}\"}", "-", "1.", "[\"\\x\"]"])
    func malformedTextIsRefusedWithAPosition(text: String) {
        #expect(throws: JSONParseError.self) { try parse(text) }
    }

    @Test func hostileNestingIsRefusedInsteadOfOverflowingTheStack() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try parse(deep)
            Issue.record("accepted 100 000 levels")
        } catch let error as JSONParseError {
            #expect(error.description.contains("nesting deeper than"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
