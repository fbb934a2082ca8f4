import Foundation
import Orchestrate
import Testing

struct CookieJarTests {
    let am = URL(string: "https://am.example.com/am/json/realms/root/authenticate")!
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func storesAndSendsBackByDomainAndPath() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: [
            "iPlanetDirectoryPro=tok; Path=/; Domain=example.com; HttpOnly",
            "amlbcookie=01; Path=/",
            "deep=1; Path=/am/json/realms",
        ], from: am, at: now)
        #expect(jar.cookieHeader(for: am, at: now) == "deep=1; iPlanetDirectoryPro=tok; amlbcookie=01")
        #expect(jar.cookieHeader(for: URL(string: "https://sso.example.com/other")!, at: now) == "iPlanetDirectoryPro=tok")
        #expect(jar.cookieHeader(for: URL(string: "https://evil.com/am")!, at: now) == nil)
        #expect(jar.cookieHeader(for: URL(string: "https://am.example.com/amx")!, at: now) == "iPlanetDirectoryPro=tok; amlbcookie=01")
    }

    @Test func hostOnlyCookiesStayOnTheirHost() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["a=1; Path=/"], from: am, at: now)
        #expect(jar.cookieHeader(for: URL(string: "https://other.example.com/")!, at: now) == nil)
    }

    @Test func cookiesForAnotherDomainAreIgnored() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["iPlanetDirectoryPro=tok; Path=/; Domain=localhost"],
                  from: URL(string: "http://127.0.0.1:8180/am")!, at: now)
        #expect(jar.cookies.isEmpty)
    }

    @Test func secureCookiesOnlyGoOverHTTPS() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["s=1; Secure; Path=/"], from: am, at: now)
        #expect(jar.cookieHeader(for: URL(string: "http://am.example.com/am")!, at: now) == nil)
        #expect(jar.cookieHeader(for: am, at: now) == "s=1")
    }

    @Test func expiryByDateAndMaxAge() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["a=1; Max-Age=60; Path=/", "b=2; Expires=Wed, 01 Jan 2100 00:00:00 GMT; Path=/"],
                  from: am, at: now)
        #expect(jar.cookieHeader(for: am, at: now) == "a=1; b=2")
        #expect(jar.cookieHeader(for: am, at: now.addingTimeInterval(61)) == "b=2")
    }

    /// AM's logout response joins expiring cookies with commas inside one header value.
    @Test func logoutHeaderWithCommaJoinedExpiredCookiesDeletesThem() {
        var jar = CookieJar()
        let local = URL(string: "http://localhost/am/json/sessions")!
        jar.store(setCookieHeaders: ["iPlanetDirectoryPro=tok; Path=/; Domain=localhost", "amlbcookie=01; Path=/; Domain=localhost"],
                  from: local, at: now)
        #expect(jar.cookies.count == 2)
        jar.store(setCookieHeaders: [
            #"iPlanetDirectoryPro=""; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; Domain=localhost, amlbcookie=LOGOUT; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/; Domain=localhost"#,
        ], from: local, at: now)
        #expect(jar.cookies.isEmpty)
    }

    @Test func replacingACookieKeepsOneCopy() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["a=1; Path=/"], from: am, at: now)
        jar.store(setCookieHeaders: ["a=2; Path=/"], from: am, at: now)
        #expect(jar.cookies.count == 1)
        #expect(jar.cookie(named: "a", at: now)?.value == "2")
    }

    @Test func malformedHeadersAreIgnored() {
        var jar = CookieJar()
        jar.store(setCookieHeaders: ["", "novalue", "=x", "; Path=/"], from: am, at: now)
        #expect(jar.cookies.isEmpty)
    }
}
