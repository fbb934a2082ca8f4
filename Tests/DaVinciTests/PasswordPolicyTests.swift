import DaVinci
import Foundation
import Orchestrate
import Testing

/// PingOne's password policy rules as PingOne defines them, and their messages.
struct PasswordPolicyTests {
    static func policy(_ json: String) throws -> PasswordPolicy {
        try #require(PasswordPolicy(json: try JSONValue.parse(Data(json.utf8))))
    }

    @Test func repeatedCharactersCountOnlyInARow() throws {
        let policy = try Self.policy(#"{"maxRepeatedCharacters":2}"#)
        #expect(policy.problems(with: "good-apple").isEmpty, "PingOne's own example of a password within the rule")
        #expect(policy.problems(with: "banana-banana").isEmpty, "repeats apart from each other are allowed")
        #expect(policy.problems(with: "goood-appple") == ["The password has a character more than 2 times in a row."])
        #expect(policy.rules == ["no character more than 2 times in a row"])
    }

    @Test func everyBrokenRuleHasItsOwnMessage() throws {
        let policy = try Self.policy(#"{"length":{"min":8,"max":255},"minUniqueCharacters":5,"maxRepeatedCharacters":2,"minCharacters":{"0123456789":1}}"#)
        #expect(policy.problems(with: "aaa") == [
            "The password needs at least 8 characters.", "The password needs at least 1 of the digits.",
            "The password has a character more than 2 times in a row.", "The password needs at least 5 different characters.",
        ])
    }

    @Test func pingOnesUnsatisfiedRequirementsReadAsMessagesWithThePolicysNumbers() throws {
        let policy = try Self.policy(#"{"length":{"min":8,"max":255},"minUniqueCharacters":5,"maxRepeatedCharacters":2}"#)
        #expect(policy.message(forUnsatisfied: "length") == "The password needs 8 to 255 characters.")
        #expect(policy.message(forUnsatisfied: "minUniqueCharacters") == "The password needs at least 5 different characters.")
        #expect(policy.message(forUnsatisfied: "excludesCommonlyUsed") == "The password is a commonly used one.")
        #expect(policy.message(forUnsatisfied: "rule\u{1B}[2J") == "The password breaks the policy's rule rule\u{FFFD}[2J.", "server text is neutralised")
    }

    @Test func aPasswordFieldShowsEveryRuleItBreaksBeforeSending() throws {
        let field = try JSONValue.parse(Data(#"{"type":"PASSWORD_VERIFY","key":"p","label":"Password","passwordPolicy":{"length":{"min":8},"minUniqueCharacters":5}}"#.utf8))
        var collector = Collector(wire: field, defaults: nil, passwordPolicy: nil)
        collector.value = .password("aab", confirmation: "aab")
        #expect(collector.problem() == "The password needs at least 8 characters. The password needs at least 5 different characters.")
    }
}
