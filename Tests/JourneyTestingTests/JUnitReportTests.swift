import Foundation
import FoundationXML
import Testing
@testable import JourneyTesting

/// The JUnit XML CI systems read: one testsuite per file, a testcase per test and case, a
/// failure's message naming the step and the expectation, the trace as system-out.
struct JUnitReportTests {
    @Test func testcasesFailuresAndTracesAreWhereCIReadsThem() async throws {
        try await DemoAMServer.with { server in
            let results = try await server.run("""
            tests:
              - name: Passes
                steps:
                  - answers: {User Name: demo, Password: Demo-pass1}
              - name: Fails <on purpose> & says so
                journey: SecondFactor
                steps:
                  - answers: {User Name: demo, Password: Demo-pass1}
                  - stage: OTP
            """)
            let document = try XMLDocument(xmlString: JUnitReport.xml(for: results, duration: .seconds(1)))
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites" && root.attribute(forName: "tests")?.stringValue == "2")
            #expect(root.attribute(forName: "failures")?.stringValue == "1")
            let suites = root.elements(forName: "testsuite")
            #expect(suites.count == 1 && suites[0].attribute(forName: "name")?.stringValue == "demo.yaml")
            let cases = suites[0].elements(forName: "testcase")
            #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["Passes", "Fails <on purpose> & says so"])
            #expect(cases[0].elements(forName: "failure").isEmpty)
            let failure = try #require(cases[1].elements(forName: "failure").first)
            #expect(failure.attribute(forName: "message")?.stringValue == "step 2: expected stage `OTP`, got `SecondFactorChoice`")
            let trace = try #require(cases[1].elements(forName: "system-out").first?.stringValue)
            #expect(trace.contains("→ POST ") && trace.contains("‹redacted›") && !trace.contains("Demo-pass1"))
        }
    }

    @Test func textXMLCannotHoldIsDropped() {
        #expect(JUnitReport.escaped("a\u{1B}[31m<b>\"'&") == "a[31m&lt;b&gt;&quot;&apos;&amp;")
    }
}
