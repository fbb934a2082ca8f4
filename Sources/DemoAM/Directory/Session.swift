import Foundation

/// An SSO session: what a `tokenId` stands for.
///
/// A step-up (``Directory/upgrade(tokenId:journey:)``) changes it in place: the `tokenId` stays,
/// the level, methods and journeys grow, and `authTime` moves to the step-up.
struct Session: Sendable {
    let tokenId: String
    /// A public name for the session, not usable as a credential: the ID token's `sid`.
    let handle: String
    let username: String
    let realm: String
    /// The journeys the session has passed, oldest first; the last one is the tokens' default `acr`.
    private(set) var journeys: [String]
    private(set) var authLevel: Int
    /// How the user authenticated (OIDC `amr`), each method once, in the order first used.
    private(set) var amr: [String]
    /// When the session was made; it ends ``Sessions``' maximum lifetime after this.
    let created: Date
    /// When the user last authenticated in this session (OIDC `auth_time`).
    private(set) var authTime: Date

    init(tokenId: String, handle: String, username: String, realm: String, journey: JourneyIdentity, now: Date = Date()) {
        self.tokenId = tokenId
        self.handle = handle
        self.username = username
        self.realm = realm
        self.journeys = [journey.name]
        self.authLevel = journey.authLevel
        self.amr = journey.amr
        self.created = now
        self.authTime = now
    }

    /// The journey the session passed last.
    var journey: String { journeys.last ?? "" }

    /// Whether the session passed the journey `name`: AM answers a request for it at once.
    func hasPassed(_ name: String) -> Bool { journeys.contains(name) }

    /// Adds a journey passed now: the higher level, the union of methods, the journey, a new `authTime`.
    mutating func passed(_ journey: JourneyIdentity, now: Date = Date()) {
        journeys.removeAll { $0 == journey.name }
        journeys.append(journey.name)
        authLevel = max(authLevel, journey.authLevel)
        amr += journey.amr.filter { !amr.contains($0) }
        authTime = now
    }
}
