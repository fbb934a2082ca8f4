/// An AM endpoint a deployment may move elsewhere (the SDKs' custom endpoints): a path under
/// the server URL or a full URL replaces AM's default for the realm.
public enum AMEndpoint: String, CaseIterable, Sendable, Hashable {
    case authenticate, authorize, token, revoke, userinfo, sessions, endSession
}
