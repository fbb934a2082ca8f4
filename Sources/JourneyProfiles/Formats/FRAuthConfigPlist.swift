import Configuration
import Foundation
import JourneyEngine
import Orchestrate
import SystemPackage

/// The iOS SDK's `FRAuthConfig.plist`: `forgerock_*` keys, read by `FRAuth.start()` into
/// `FROptions`. Seconds are strings (`forgerock_timeout`, `forgerock_oauth_threshold`),
/// `forgerock_enable_cookie` is a boolean and the pins an array of strings.
public enum FRAuthConfigPlist {
    static let mapping = FormatMapping(reader: "the iOS SDK", fields: [
        FormatField(.url, "forgerock_url"),
        FormatField(.realm, "forgerock_realm"),
        FormatField(.timeout, "forgerock_timeout", .secondsAsText),
        FormatField(.enableCookie, "forgerock_enable_cookie", .flag),
        FormatField(.cookieName, "forgerock_cookie_name"),
        FormatField(.authServiceName, "forgerock_auth_service_name"),
        FormatField(.registrationServiceName, "forgerock_registration_service_name"),
        FormatField(.oauthClientId, "forgerock_oauth_client_id"),
        FormatField(.oauthRedirectUri, "forgerock_oauth_redirect_uri"),
        FormatField(.oauthSignOutRedirectUri, "forgerock_oauth_sign_out_redirect_uri"),
        FormatField(.oauthScope, "forgerock_oauth_scope"),
        FormatField(.oauthThreshold, "forgerock_oauth_threshold", .secondsAsText),
        FormatField(.keychainAccessGroup, "forgerock_keychain_access_group"),
        FormatField(.sslPinningPublicKeyHashes, "forgerock_ssl_pinning_public_key_hashes", .list),
        FormatField(.authenticateEndpoint, "forgerock_authenticate_endpoint"),
        FormatField(.authorizeEndpoint, "forgerock_authorize_endpoint"),
        FormatField(.tokenEndpoint, "forgerock_token_endpoint"),
        FormatField(.revokeEndpoint, "forgerock_revoke_endpoint"),
        FormatField(.userinfoEndpoint, "forgerock_userinfo_endpoint"),
        FormatField(.sessionEndpoint, "forgerock_session_endpoint"),
        FormatField(.endSessionEndpoint, "forgerock_endsession_endpoint"),
    ])

    /// The plist's values as options.
    public static func importing(_ raw: [String: SDKValue]) -> ImportedConfiguration {
        var imported = mapping.importing(raw)
        if case .text(let realm)? = imported.values[.realm] {
            imported.values[.realm] = .text(SDKConventions.optionRealm(fromNative: realm))
        }
        return imported
    }

    /// Options as the plist's values.
    public static func exporting(_ options: ClientOptions) -> ExportedValues {
        mapping.exporting(SDKConventions.nativeValues(of: options))
    }

    /// Reads the plist with swift-configuration; its keys are listed with
    /// `PropertyListSerialization` so that none is left out unnoticed.
    public static func read(path: String) async throws(FormatReadError) -> ImportedConfiguration {
        let provider: FileProvider<PropertyListSnapshot>
        let keys: [String]
        do {
            provider = try await FileProvider<PropertyListSnapshot>(filePath: FilePath(path))
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let root = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            keys = root.map { Array($0.keys) } ?? []
        } catch {
            throw FormatReadError(path: path, message: "it is not a readable property list: \(error)")
        }
        let raw = ProviderValues.read(mapping.fields, from: provider)
        return mapping.completing(importing(raw), read: raw, keysInFile: keys)
    }

    /// The values as an XML property list.
    public static func render(_ values: [String: SDKValue]) -> Data {
        var plist: [String: Any] = [:]
        for (key, value) in values {
            switch value {
            case .text(let text): plist[key] = text
            case .number(let number): plist[key] = CommonOptions.format(number)
            case .bool(let flag): plist[key] = flag
            case .list(let items): plist[key] = items
            }
        }
        // A dictionary of strings, booleans and string arrays always serialises.
        return (try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)) ?? Data()
    }
}
