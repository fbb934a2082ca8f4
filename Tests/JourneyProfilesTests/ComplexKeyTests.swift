import JourneyProfiles
import Testing

/// Keys that are collections are refused before Yams composes the file: duplicated ones take
/// Yams time exponential in their depth (found by fuzzing the profiles reader).
struct ComplexKeyTests {
    @Test(arguments: [
        ("lab:\n  url: http://a/am\n? [a]\n: b\n", 3),
        ("lab:\n  url: http://a/am\n[a, b]: c\n", 3),
        ("lab: {url: http://a/am, {x: y}: z}\n", 1),
        ("lab:\n  - ? a\n", 2),
        // An apostrophe inside a plain word opens no quoted text: the keys after it are seen.
        ("it's:\n ? ? - ? a\n", 2),
        ("lab:\n  url: \"a\\\" b\"\n? [a]\n: b\n", 3),
        // An alias can stand for any collection: none where a key starts.
        ("x: &a [1, [2]]\n*a : c\n", 2),
        ("lab: {url: http://a/am, *a : z}\n", 1),
        // Lines that end in CRLF are lines too.
        ("lab:\r\n  url: http://a/am\r\n? [a]\r\n: b\r\n", 3),
    ])
    func aCollectionAsAKeyIsRefusedWithItsLine(text: String, line: Int) {
        #expect {
            _ = try ProfilesDocument(path: "profiles.yaml", text: text)
        } throws: { error in
            guard let error = error as? ProfilesFileError else { return false }
            return error.line == line && error.message.contains("plain words")
        }
    }

    @Test func questionMarksAndBracketsElsewhereAreFine() throws {
        let text = """
        # why? [a]: b
        lab:
          url: "http://127.0.0.1:8180/am?x=[a]: b"
          oauthScope: openid ?profile
          headers: ["X-Why: ? [1]", 'Y: {2}: 3', "escaped \\" ? [x]: y", 'it''s ? [x]: y', "*a: b"]
          realm: alpha*beta
          queryParameters:
            - a=[1]
        """
        let document = try ProfilesDocument(path: "profiles.yaml", text: text)
        #expect(document.names == ["lab"])
    }
}
