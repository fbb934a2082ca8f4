import Foundation
import Yams

/// A users file for `journey serve --users`: IDM managed-user attributes, a user each.
///
/// ```yaml
/// users:
///   - userName: bjensen
///     password: Secret-pass1
///     givenName: Barbara
///     sn: Jensen
///     mail: bjensen@example.com
///     totpSecret: JBSWY3DPEHPK3PXP      # optional: the base32 secret of the user's TOTP codes
///     kbaInfo:
///       - questionId: "1"
///         answer: blue
///     telephoneNumber: "+44 20 7946 0000"  # any other attribute is kept as it is
/// ```
public enum UsersFile {
    /// The users the text declares; `source` names the file in problems.
    public static func users(fromYAML text: String, source: String) throws(DemoAMError) -> [DemoUser] {
        let document: JSONValue
        do {
            document = try YAMLDecoder().decode(JSONValue.self, from: text)
        } catch let error as YamlError {
            // Only where and what: the line itself may hold a password.
            throw .unusableUsers(source: source, problem: "it is not YAML (\(Self.place(of: error)))")
        } catch {
            throw .unusableUsers(source: source, problem: "it is not a list of users")
        }
        guard let entries = document["users"]?.array ?? document.array else {
            throw .unusableUsers(source: source, problem: "it has no users: list them under users:")
        }
        var users: [DemoUser] = []
        for (index, entry) in entries.enumerated() {
            func problem(_ text: String) -> DemoAMError { .unusableUsers(source: source, problem: "user \(index + 1): \(text)") }
            guard let members = entry.members else { throw problem("it is not a map of attributes") }
            guard let name = entry["userName"]?.scalarText, !name.isEmpty else { throw problem("it has no userName") }
            guard !users.contains(where: { $0.username.lowercased() == name.lowercased() }) else { throw problem("\(name) is listed twice") }
            guard name.lowercased() != DemoAM.administrator.username else { throw problem("\(name) is the demo AM's administrator, which stays as it is") }
            let secret = entry["totpSecret"]?.string ?? entry["otpSecret"]?.string ?? Base32.encode(RandomToken.bytes(10))
            var user = DemoUser(username: name, password: "", totpSecret: secret, mail: "", givenName: "", familyName: "")
            for (key, value) in members where !["userName", "totpSecret", "otpSecret"].contains(key) {
                // YAML reads `password: 12345678` as a number: the fields that are text are kept as text.
                let isText = ["password", "mail", "givenName", "sn", "accountStatus"].contains(key)
                user.set(key, isText ? .string(value.scalarText ?? "") : value)
            }
            users.append(user)
        }
        return users
    }

    /// `line 3, column 7: mapping values are not allowed here`, without the line's text.
    private static func place(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            "line \(mark.line), column \(mark.column): \(problem)"
        default:
            "the file cannot be read as YAML"
        }
    }
}
