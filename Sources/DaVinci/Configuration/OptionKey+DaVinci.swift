import Orchestrate

/// A DaVinci instance's own options (`kind: davinci`): the PingOne environment and application
/// (Ping's `DaVinciConfig`) and the flow policies.
extension OptionKey.Group {
    public static let davinci = OptionKey.Group("DaVinci")
}

extension OptionKey {
    public static let discoveryEndpoint = OptionKey(
        "discoveryEndpoint", group: .davinci, onlyFor: .davinci, changesIdentity: true,
        summary: "the PingOne environment's OIDC discovery document (required for davinci)")
    public static let clientId = OptionKey(
        "clientId", group: .davinci, onlyFor: .davinci, changesIdentity: true,
        summary: "the PingOne application's client id (required for davinci)")
    public static let scopes = OptionKey(
        "scopes", group: .davinci, kind: .list, onlyFor: .davinci, changesIdentity: true,
        summary: "scopes the flow's tokens are for, e.g. openid profile (required for davinci)")
    public static let redirectUri = OptionKey(
        "redirectUri", group: .davinci, onlyFor: .davinci, changesIdentity: true,
        summary: "the application's registered redirect URI (required for davinci; never opened)")
    public static let acrValues = OptionKey(
        "acrValues", group: .davinci, kind: .list, onlyFor: .davinci, summary: "the DaVinci flow policies to run (default: the application's)")
}
