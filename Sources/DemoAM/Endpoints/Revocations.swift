import Hummingbird

/// `GET /am/demo/revocations`: the sessions logged out and tokens revoked, as ``DemoRevocations``
/// in JSON: `{"sessionsLoggedOut":[{"at","realm","user","request","tokenFingerprint"}],
/// "tokensRevoked":[{"at","realm","clientId","tokenType","request","tokenFingerprint"}]}`.
enum Revocations {
    static func list(_ log: RevocationLog) async -> Response {
        .json(await log.record.json)
    }
}
