import DemoPingOne
import Logging

/// What the endpoints share: settings, the directory, journeys in progress, sent mail, the
/// `authId` signer, the OAuth 2.0 grants with the key that signs their tokens, the record of
/// sessions logged out and tokens revoked, the transactions to confirm, the demo identity
/// provider's codes, and the resource server's way back to the demo AM.
struct ServerState: Sendable {
    let configuration: DemoAMConfiguration
    let directory: Directory
    let journeys: JourneyStore
    let sentMail: SentMail
    let authIds = AuthIdSigner()
    let oauth: OAuthStore
    let signer: TokenSigner
    let revocations = RevocationLog()
    let transactions = TransactionStore()
    let identityProvider = DemoIdentityProvider()
    /// The PingOne environment served on the same port (`/<envId>/…`).
    let pingOne: DemoPingOne
    let backend: AMBackend
    let logger: Logger
    /// The exported journeys served (`journey serve --journeys`), and what their runs covered.
    let trees: TreeLibrary
    let coverage = TreeCoverage()

    init(configuration: DemoAMConfiguration, trees: TreeLibrary, logger: Logger) async {
        self.trees = trees
        pingOne = DemoPingOne(configuration.pingOne)
        self.configuration = configuration
        let agent = APIAgent.make()
        self.directory = Directory(users: (configuration.users ?? DemoAM.builtInUsers) + [DemoAM.administrator, agent])
        self.backend = AMBackend(agent: agent)
        self.journeys = JourneyStore(journeyTimeout: configuration.journeyTimeout, suspensionLifetime: configuration.suspendedLinkLifetime)
        self.sentMail = SentMail()
        self.oauth = OAuthStore(refreshTokenLifetime: configuration.refreshTokenLifetime)
        self.signer = await TokenSigner()
        self.logger = logger
    }

    /// A new run of the journey `name` in `realm`, or nil when the server has no such journey.
    func newRun(of name: String, realm: String) -> TreeRun? {
        // As AM: a disabled journey, or one only inner tree evaluators run, has no configuration.
        guard let tree = trees.tree(named: name, in: realm), tree.enabled, !tree.innerTreeOnly else { return nil }
        return TreeRun(tree: tree, library: trees, realm: realm)
    }

    /// The journeys a client can start in `realm`.
    func journeyNames(realm: String) -> [String] {
        Array(Set(trees.trees.values.filter { ($0.realm == nil || $0.realm == realm) && $0.enabled && !$0.innerTreeOnly }.map(\.name))).sorted()
    }
}
