import Configuration
import Foundation
import JourneyEngine
import Orchestrate
import SystemPackage

/// The iOS SDK's `FRAuthConfig.plist`: `forgerock_*` keys, read by `FRAuth.start()` into
/// `FROptions`. Seconds are strings (`forgerock_timeout`, and whole seconds for
/// `forgerock_oauth_threshold`, which the SDK reads with `Int(_:)`),
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
        FormatField(.oauthThreshold, "forgerock_oauth_threshold", .wholeSecondsAsText),
        FormatField(.keychainAccessGroup, "forgerock_keychain_access_group"),
        FormatField(.sslPinningPublicKeyHashes, "forgerock_ssl_pinning_public_key_hashes", .list),
        FormatField(.authenticateEndpoint, "forgerock_authenticate_endpoint"),
        FormatField(.authorizeEndpoint, "forgerock_authorize_endpoint"),
        FormatField(.tokenEndpoint, "forgerock_token_endpoint"),
        FormatField(.revokeEndpoint, "forgerock_revoke_endpoint"),
        FormatField(.userinfoEndpoint, "forgerock_userinfo_endpoint"),
        FormatField(.sessionEndpoint, "forgerock_session_endpoint"),
        FormatField(.endSessionEndpoint, "forgerock_endsession_endpoint"),
    ], typed: true)

    /// The plist's values as options.
    public static func importing(_ raw: [String: SDKValue]) -> ImportedConfiguration {
        var imported = mapping.importing(raw)
        if case .text(let realm)? = imported.values[.realm] {
            imported.values[.realm] = .text(SDKConventions.optionRealm(fromNative: realm))
        }
        return imported
    }

    /// Options as the plist's values; those in `defaulted` are left out.
    public static func exporting(_ options: ClientOptions, defaulted: Set<OptionKey> = []) -> ExportedValues {
        mapping.exporting(SDKConventions.nativeValues(of: options), defaulted: defaulted)
    }

    /// Reads the plist with `PropertyListSerialization`, each value with the type the plist gives
    /// it (as the iOS SDK reads it: a `<true/>` is a boolean, never a number of seconds). Values
    /// of kinds the SDK never reads for these keys (a `<date>`, an array of dictionaries) are not
    /// taken and never stop the reader; swift-configuration's plist provider refuses the whole
    /// file for them.
    public static func read(path: String) async throws(FormatReadError) -> ImportedConfiguration {
        let root: [String: Any]
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
                throw FormatReadError(path: path, message: "it is not a property list of keys and values (a <dict>)")
            }
            root = dictionary
        } catch let error as FormatReadError {
            throw error
        } catch {
            throw FormatReadError(path: path, message: "it is not a readable property list: \(error.localizedDescription)")
        }
        var raw: [String: SDKValue] = [:]
        for field in mapping.fields {
            if let value = root[field.key].flatMap(sdkValue) { raw[field.key] = value }
        }
        return mapping.completing(importing(raw), read: raw, keysInFile: Array(root.keys))
    }

    /// A plist value as the SDK types it; nil for kinds no option takes.
    private static func sdkValue(_ value: Any) -> SDKValue? {
        switch value {
        case let text as String: return .text(text)
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let number as Int: return .number(Double(number))
        case let number as Double: return .number(number)
        case let items as [Any]:
            let texts = items.compactMap { $0 as? String }
            return texts.count == items.count ? .list(texts) : nil
        default: return nil
        }
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
