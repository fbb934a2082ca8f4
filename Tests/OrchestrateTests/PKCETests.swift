import Foundation
import Orchestrate
import Testing

/// PKCE as RFC 7636 computes it.
struct PKCETests {
    @Test func pkceMatchesRFC7636() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", state: "s", nonce: "n")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        #expect(PKCE.generate() != PKCE.generate())
    }
}
