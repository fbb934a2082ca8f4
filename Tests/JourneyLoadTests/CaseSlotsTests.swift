import DemoAM
import JourneyLoad
import JourneyTesting
import Testing

/// `journey load --worker`'s cases run on kept slots against the demo AM over loopback: as many
/// clients and instances as cases under way at once, each kept from one case to the next.
struct CaseSlotsTests {
    @Test func theSlotsAreAsManyAsTheCasesUnderWayAtOnceAndKeepTheirInstances() async throws {
        try await DemoAM.running { demo in
            let prepared = try #require(try TestFileLoadTests.cases(TestFileLoadTests.profile, url: demo.baseURL).first)
            let slots = CaseSlots()
            var results: [CaseResult] = []
            for _ in 0..<10 {
                results += await withTaskGroup(of: CaseResult.self) { group in
                    for _ in 0..<4 { group.addTask { await slots.run(prepared) } }
                    return await group.reduce(into: []) { $0.append($1) }
                }
            }
            #expect(results.count == 40)
            #expect(results.allSatisfy { $0.passed }, "\(results.flatMap(\.failures).map(\.message))")
            #expect((1...4).contains(slots.count))
            // Each sign-in's tokens displace, and revoke, those its slot's instance kept from the
            // last case it ran: every case but each slot's first.
            #expect(await demo.revocations().tokensRevoked.count >= 40 - slots.count)
        }
    }
}
