import Foundation
import JourneyProfiles
import Orchestrate

/// Load is for servers one owns: a run is refused against a host that is not this machine's
/// loopback unless the person says they own it: `--i-own-this-server`, or `loadAllowed: true`
/// in the profile that names the server.
public enum LoadTarget {
    /// Throws when `url`'s host is not loopback and `ownsServer` (the flag, or the profile's
    /// `loadAllowed`) is false.
    public static func check(_ url: URL, ownsServer: Bool) throws(LoadTargetRefusal) {
        guard !ownsServer else { return }
        guard let host = url.host(percentEncoded: false), isLoopback(host) else {
            throw LoadTargetRefusal(host: url.host(percentEncoded: false) ?? url.absoluteString)
        }
    }

    /// Whether options whose `loadAllowed` is true vouch for the server they name. Said in the
    /// environment (`JOURNEY_LOAD_ALLOWED`) or by a flag it is the person's word for that server;
    /// said in a profile, it covers the server that same profile names (`url`, or a DaVinci
    /// profile's `discoveryEndpoint`), not one put in its place by a flag, `JOURNEY_URL` or a test
    /// file. A test file cannot say it (`TestFileReader` refuses the key): anyone may write one.
    public static func vouches(_ options: ClientOptions, sources: [OptionKey: OptionSource]) -> Bool {
        guard options.loadAllowed else { return false }
        guard case .profile(let keyProfile, _, _) = sources[.loadAllowed] else { return true }
        let serverKey: OptionKey = options.kind == .davinci ? .discoveryEndpoint : .url
        guard case .profile(let serverProfile, _, _) = sources[serverKey] else { return false }
        return keyProfile == serverProfile
    }

    /// `localhost`, 127.0.0.0/8 or ::1.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// A load run aimed at a server that is not on loopback, without `--i-own-this-server` or a
/// profile's `loadAllowed: true`.
public struct LoadTargetRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public let host: String

    public var description: String {
        "Refusing to load \(host): it is not this machine's loopback. Load only servers you own; if you own this one, add --i-own-this-server, or loadAllowed: true to the profile that names it."
    }
}
