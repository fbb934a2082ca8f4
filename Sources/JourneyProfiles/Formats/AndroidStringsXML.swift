import Foundation
import JourneyEngine
import Orchestrate

/// The Android SDK's configuration resources, usually in `res/values/strings.xml`: `<string>`
/// resources named `forgerock_*`, `<integer>` ones for seconds (`forgerock_timeout`,
/// `forgerock_oauth_threshold`, `forgerock_oauth_cache`, `forgerock_cookie_cache`) and a
/// `<string-array>` of pins. The SDK reads each with the type it expects, so a resource of
/// another type is noted rather than taken.
public enum AndroidStringsXML {
    static let mapping = FormatMapping(reader: "the Android SDK", fields: [
        FormatField(.url, "forgerock_url"),
        FormatField(.realm, "forgerock_realm"),
        FormatField(.timeout, "forgerock_timeout", .wholeSeconds),
        FormatField(.cookieName, "forgerock_cookie_name"),
        FormatField(.cookieCache, "forgerock_cookie_cache", .wholeSeconds),
        FormatField(.authServiceName, "forgerock_auth_service"),
        FormatField(.registrationServiceName, "forgerock_registration_service"),
        FormatField(.oauthClientId, "forgerock_oauth_client_id"),
        FormatField(.oauthRedirectUri, "forgerock_oauth_redirect_uri"),
        FormatField(.oauthSignOutRedirectUri, "forgerock_oauth_sign_out_redirect_uri"),
        FormatField(.oauthScope, "forgerock_oauth_scope"),
        FormatField(.oauthThreshold, "forgerock_oauth_threshold", .wholeSeconds),
        FormatField(.oauthCache, "forgerock_oauth_cache", .wholeSeconds),
        FormatField(.sslPinningPublicKeyHashes, "forgerock_ssl_pinning_public_key_hashes", .list),
        FormatField(.authenticateEndpoint, "forgerock_authenticate_endpoint"),
        FormatField(.authorizeEndpoint, "forgerock_authorize_endpoint"),
        FormatField(.tokenEndpoint, "forgerock_token_endpoint"),
        FormatField(.revokeEndpoint, "forgerock_revoke_endpoint"),
        FormatField(.userinfoEndpoint, "forgerock_userinfo_endpoint"),
        FormatField(.sessionEndpoint, "forgerock_session_endpoint"),
        FormatField(.endSessionEndpoint, "forgerock_endsession_endpoint"),
    ])

    /// The SDK's older name for `forgerock_session_endpoint`, read when that one is missing or
    /// empty (the SDK's `Config` falls back to it on an empty session endpoint).
    static let deprecatedSessionEndpoint = "forgerock_logout_endpoint"

    /// The resources' values as options.
    public static func importing(_ raw: [String: SDKValue]) -> ImportedConfiguration {
        var values = raw
        if let logout = values.removeValue(forKey: deprecatedSessionEndpoint),
           values["forgerock_session_endpoint"] == nil || values["forgerock_session_endpoint"] == .text("") {
            values["forgerock_session_endpoint"] = logout
        }
        var imported = mapping.importing(values)
        if case .text(let realm)? = imported.values[.realm] {
            imported.values[.realm] = .text(SDKConventions.optionRealm(fromNative: realm))
        }
        return imported
    }

    /// Options as the resources' values; those in `defaulted` are left out.
    public static func exporting(_ options: ClientOptions, defaulted: Set<OptionKey> = []) -> ExportedValues {
        mapping.exporting(SDKConventions.nativeValues(of: options), defaulted: defaulted)
    }

    /// Reads the file's `forgerock_*` resources with Foundation's XML parser. References to
    /// other resources (`@string/…`) and resources of a type the SDK does not read are noted;
    /// the other resources of the file are counted in a note. A file Android's resource compiler
    /// would refuse is refused, naming the resource: one defined twice with the same type, an
    /// `<integer>` that is not a whole number. A name defined with two types is noted and
    /// neither is taken.
    public static func read(path: String) throws(FormatReadError) -> ImportedConfiguration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FormatReadError(path: path, message: "it cannot be read")
        }
        let resources: AndroidResources
        do {
            resources = try AndroidResources(data: data)
        } catch {
            throw FormatReadError(path: error.line.map { "\(path):\($0)" } ?? path, message: error.message)
        }
        var raw: [String: SDKValue] = [:]
        var notes: [FormatNote] = []
        var others: [String] = []
        var types: [String: String] = [:]
        for resource in resources.resources {
            guard resource.name.hasPrefix("forgerock_") else {
                others.append(resource.name)
                continue
            }
            if let earlier = types[resource.name] {
                guard earlier != resource.type else {
                    throw FormatReadError(path: path, message: "the <\(resource.type)> resource \(resource.name) is defined twice; Android's resource compiler refuses that")
                }
                raw[resource.name] = nil
                notes.removeAll { $0.key == resource.name }
                notes.append(FormatNote(key: resource.name, reason: "defined as both <\(earlier)> and <\(resource.type)>, so neither is taken"))
                continue
            }
            types[resource.name] = resource.type
            switch value(of: resource) {
            case .value(let value): raw[resource.name] = value
            case .note(let note): notes.append(note)
            case .refused(let reason): throw FormatReadError(path: path, message: "\(resource.name): \(reason)")
            }
        }
        var imported = importing(raw)
        imported.notes = notes + imported.notes
        if !others.isEmpty {
            let shown = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? " and \(others.count - 5) more" : "")
            imported.notes.append(FormatNote(key: "\(others.count) other resource\(others.count == 1 ? "" : "s")",
                                             reason: "not named forgerock_…, so not SDK configuration: \(shown)"))
        }
        return imported
    }

    /// A resource as a value, or why it is not one: noted, or (a value Android's resource
    /// compiler refuses) refused with the whole file.
    private enum Reading {
        case value(SDKValue)
        case note(FormatNote)
        case refused(String)
    }

    private static func value(of resource: AndroidResources.Resource) -> Reading {
        func note(_ reason: String) -> Reading { .note(FormatNote(key: resource.name, reason: reason)) }
        let unsupported = "references to other resources are not followed; write the value itself"
        switch resource.type {
        case "string":
            switch AndroidResourceText.decode(resource.text) {
            case .value(let text): return .value(.text(text))
            case .reference(let reference): return note("\(reference): \(unsupported)")
            }
        case "integer":
            let text = resource.text.trimmingWhitespace()
            if text.hasPrefix("@") { return note("\(text): \(unsupported)") }
            guard let number = wholeNumber(text) else {
                return .refused("<integer>\(text)</integer> is not a whole number; Android's resource compiler refuses it")
            }
            return .value(.number(Double(number)))
        case "bool":
            let text = resource.text.trimmingWhitespace()
            guard let flag = Bool(text) else { return note("\"\(text)\" is not true or false") }
            return .value(.bool(flag))
        case "string-array", "array":
            var items: [String] = []
            for item in resource.items {
                switch AndroidResourceText.decode(item) {
                case .value(let text): items.append(text)
                case .reference(let reference): return note("\(reference): \(unsupported)")
                }
            }
            return .value(.list(items))
        default:
            return note("a <\(resource.type)> resource is not read")
        }
    }

    /// An `<integer>` as aapt reads it: decimal or `0x` hexadecimal, with an optional sign.
    private static func wholeNumber(_ text: String) -> Int32? {
        let negative = text.hasPrefix("-")
        let unsigned = negative || text.hasPrefix("+") ? String(text.dropFirst()) : text
        let magnitude = unsigned.lowercased().hasPrefix("0x") ? Int64(unsigned.dropFirst(2), radix: 16) : Int64(unsigned, radix: 10)
        return magnitude.flatMap { Int32(exactly: negative ? -$0 : $0) }
    }

    /// The values as a resources file, in the SDK's order of keys.
    public static func render(_ values: [String: SDKValue]) -> Data {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<!-- ForgeRock SDK configuration, written by journey config export -->",
            "<resources>",
        ]
        for field in mapping.fields {
            guard let value = values[field.key] else { continue }
            let name = AndroidResourceText.xmlEscaped(field.key)
            switch value {
            case .text(let text):
                lines.append("    <string name=\"\(name)\" translatable=\"false\">\(AndroidResourceText.encode(text))</string>")
            case .number(let number):
                lines.append("    <integer name=\"\(name)\">\(CommonOptions.format(number))</integer>")
            case .bool(let flag):
                lines.append("    <bool name=\"\(name)\">\(flag)</bool>")
            case .list(let items):
                lines.append("    <string-array name=\"\(name)\" translatable=\"false\">")
                lines += items.map { "        <item>\(AndroidResourceText.encode($0))</item>" }
                lines.append("    </string-array>")
            }
        }
        lines.append("</resources>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}
