import Foundation
import JourneyEngine
import Orchestrate
import Testing

struct AdviceRetryTests {
    private let original = HTTPRequest(method: "GET", url: URL(string: "https://ig.example.com/products?a=1%2B2&_txid=old&b=x%20y")!,
                                       headers: [HTTPHeader("Authorization", "Bearer t"), HTTPHeader("x-txid", "stale")],
                                       body: nil, timeout: .seconds(5))
    private let transaction = CompositeAdvice(PolicyAdvice(.transactionCondition, value: "88d1d52a 5d6b+&"))
    private let tree = CompositeAdvice(PolicyAdvice(.authenticateToService, value: "/sdk:ConfirmPassword"))

    @Test func gatewayRetriesCarryTheTransactionInTheQuery() {
        for source in [AdviceChallenge.Source.gatewayHeader(realm: "/", amURI: nil), .gatewayRedirect(goto: nil, realm: nil)] {
            let retry = AdviceChallenge(advice: transaction, source: source).retrying(original)
            #expect(retry.url.absoluteString == "https://ig.example.com/products?a=1%2B2&b=x%20y&_txid=88d1d52a%205d6b%2B%26")
            #expect(URLComponents(url: retry.url, resolvingAgainstBaseURL: false)?.queryItems?.last?.value == "88d1d52a 5d6b+&")
            #expect(retry.headers == original.headers && retry.method == "GET")
            #expect(AdviceChallenge(advice: tree, source: source).retrying(original) == original, "tree advices retry unchanged")
        }
        let bare = HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:8080/anything")!, headers: [], body: nil, timeout: .seconds(5))
        #expect(AdviceChallenge(advice: CompositeAdvice(PolicyAdvice(.transactionCondition, value: "t1")), source: .gatewayHeader(realm: nil, amURI: nil))
            .retrying(bare).url.absoluteString == "http://127.0.0.1:8080/anything?_txid=t1")
    }

    @Test func restRetriesCarryTheAdviceInHeaders() throws {
        let retry = AdviceChallenge(advice: transaction, source: .rest).retrying(original)
        #expect(retry.url == original.url)
        #expect(retry.headers == [HTTPHeader("Authorization", "Bearer t"), HTTPHeader("X-TxID", "88d1d52a 5d6b+&")])
        let treeRetry = AdviceChallenge(advice: tree, source: .rest).retrying(original)
        #expect(treeRetry.header("X-Tree") == "/sdk:ConfirmPassword" && treeRetry.header("X-TxID") == "stale")
        let both = try CompositeAdvice(tree.advices + transaction.advices)
        let bothRetry = AdviceChallenge(advice: both, source: .rest).retrying(original)
        #expect(bothRetry.header("X-Tree") == "/sdk:ConfirmPassword" && bothRetry.header("X-TxID") == "88d1d52a 5d6b+&")
    }

    @Test func theGatewayHeaderModeRequestHeader() {
        #expect(GatewayHeaderAdvice.requestHeader == HTTPHeader("x-authenticate-response", "header"))
    }

    @Test func anAdviceJourneyStartsWithTheCompositeAdvice() throws {
        let server = try ServerConfiguration(url: "https://am.example.com/am", realm: Realm("alpha"))
        var machine = JourneyMachine(server: server, request: JourneyRequest(.compositeAdvice(transaction), noSession: true))
        #expect(machine.request.journeyName == nil)
        guard case .send(let first)? = machine.start().first else {
            Issue.record("the machine starts with a request")
            return
        }
        let items = try #require(URLComponents(url: first.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(items == [URLQueryItem(name: "authIndexType", value: "composite_advice"),
                          URLQueryItem(name: "authIndexValue", value: transaction.xml),
                          URLQueryItem(name: "noSession", value: "true")])
        #expect(first.url.absoluteString.contains("authIndexValue=%3CAdvices%3E%3CAttributeValuePair%3E%3CAttribute%20name%3D%22TransactionConditionAdvice%22/%3E"))
        let step = #"{"authId":"a1","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken1","value":""}]}],"stage":"TransactionAuthorization"}"#
        guard case .present(let page)? = machine.received(HTTPResponse(status: 200, headers: [], body: Data(step.utf8))).first,
              case .send(let next)? = machine.submit(page).first else {
            Issue.record("the advice journey's first page is a step that can be answered")
            return
        }
        #expect(URLComponents(url: next.url, resolvingAgainstBaseURL: false)?.queryItems == [URLQueryItem(name: "noSession", value: "true")])
    }
}
