import Configuration
import Foundation
import JourneyEngine
import Orchestrate

/// The JavaScript SDK's configuration (`Config.set({...})`) as JSON: `serverConfig.baseUrl`,
/// `serverConfig.timeout` and `oauthThreshold` in milliseconds, custom paths under
/// `serverConfig.paths`, and `realmPath`, `tree`, `clientId`, `redirectUri`, `scope`,
/// `signOutRedirectUri`, `logLevel` (in any case). A `serverConfig.wellknown` address and
/// `logger.level` are read as ``JavaScriptConfigShapes`` says; a file with a `journey` or an
/// `oidc` section is the newest SDK's unified configuration (``UnifiedSDKConfig``).
///
/// The SDK resolves a path with a leading slash against the server's origin and one without
/// against `baseUrl`; a JourneyTerm endpoint path is always under `url`, so the first kind
/// becomes a full URL on import and a same-origin URL becomes such a path on export.
public enum JavaScriptConfig {
    static let mapping = FormatMapping(reader: "the JavaScript SDK", fields: [
        FormatField(.url, "serverConfig.baseUrl"),
        FormatField(.discoveryEndpoint, "serverConfig.wellknown"),
        FormatField(.timeout, "serverConfig.timeout", .milliseconds),
        FormatField(.authenticateEndpoint, "serverConfig.paths.authenticate"),
        FormatField(.authorizeEndpoint, "serverConfig.paths.authorize"),
        FormatField(.tokenEndpoint, "serverConfig.paths.accessToken"),
        FormatField(.endSessionEndpoint, "serverConfig.paths.endSession"),
        FormatField(.userinfoEndpoint, "serverConfig.paths.userInfo"),
        FormatField(.revokeEndpoint, "serverConfig.paths.revoke"),
        FormatField(.sessionEndpoint, "serverConfig.paths.sessions"),
        FormatField(.realm, "realmPath"),
        FormatField(.authServiceName, "tree"),
        FormatField(.oauthClientId, "clientId"),
        FormatField(.oauthRedirectUri, "redirectUri"),
        FormatField(.oauthSignOutRedirectUri, "signOutRedirectUri"),
        FormatField(.oauthScope, "scope"),
        FormatField(.oauthThreshold, "oauthThreshold", .milliseconds),
        FormatField(.logLevel, "logLevel"),
    ])

    /// The configuration's values as options.
    public static func importing(_ raw: [String: SDKValue]) -> ImportedConfiguration {
        var imported = mapping.importing(raw)
        var baseURL: String?
        if case .text(let url)? = imported.values[.url] {
            var trimmed = url
            while trimmed.hasSuffix("/") { trimmed.removeLast() }
            imported.values[.url] = .text(trimmed)
            baseURL = trimmed
        }
        for (key, value) in imported.values where key.group == .endpoints {
            if case .text(let path) = value, path.hasPrefix("/"), let origin = baseURL.flatMap(origin(of:)) {
                imported.values[key] = .text(origin + path)
            }
        }
        if case .text(let level)? = imported.values[.logLevel] {
            let lowercased = level.lowercased()
            imported.values[.logLevel] = .text(lowercased == "warn" ? ClientOptions.LogLevel.warning.rawValue : lowercased)
        }
        return JavaScriptConfigShapes.readingWellknown(imported)
    }

    /// Options as the configuration's values.
    public static func exporting(_ options: ClientOptions, defaulted: Set<OptionKey> = []) -> ExportedValues {
        var values = options.values
        var omitted: [FormatNote] = []
        values[.url] = .text(options.url.hasSuffix("/") ? options.url : options.url + "/")
        values[.realm] = .text(options.realm.optionText)
        let serverOrigin = origin(of: options.url)
        for (key, endpoint) in options.endpoints {
            let expanded = SDKConventions.expandingRealm(in: endpoint, realm: options.realm)
            guard expanded.contains("://") else {
                values[key] = .text(expanded.hasPrefix("/") ? String(expanded.dropFirst()) : expanded)
                continue
            }
            if let serverOrigin, let endpointOrigin = origin(of: expanded), endpointOrigin == serverOrigin {
                values[key] = .text(String(expanded.dropFirst(endpointOrigin.count)))
            } else {
                values[key] = nil
                omitted.append(FormatNote(key: key.rawValue, reason: "the JavaScript SDK takes paths on serverConfig.baseUrl's server only, not \(expanded)"))
            }
        }
        switch options.logLevel {
        case .warning: values[.logLevel] = .text("warn")
        case .trace:
            values[.logLevel] = .text("debug")
            omitted.append(FormatNote(key: OptionKey.logLevel.rawValue, reason: "written as debug, the JavaScript SDK's most detailed level"))
        default: break
        }
        var exported = mapping.exporting(values, defaulted: defaulted)
        exported.omitted = (omitted + exported.omitted).sorted { $0.key < $1.key }
        return exported
    }

    /// Reads the JSON with swift-configuration; its keys are listed with `JSONSerialization`
    /// (nested keys joined with dots, as in `serverConfig.paths.authorize`) so that none is
    /// left out unnoticed.
    public static func read(path: String) async throws(FormatReadError) -> ImportedConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FormatReadError(path: path, message: "it cannot be read: \(error.localizedDescription)")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        } catch {
            throw FormatReadError(path: path, message: JSONErrorPlace.describe(error, in: data))
        }
        if let typed = try? JSONValue.parse(data), UnifiedSDKConfig.isUnified(typed) {
            return try UnifiedSDKConfig.importing(typed, path: path)
        }
        guard let object = root as? [String: Any] else {
            throw FormatReadError(path: path, message: "it is not a JSON object of the JavaScript SDK's options")
        }
        let (flattened, notes) = JavaScriptConfigShapes.readingLoggerLevel(object)
        let snapshot: JSONSnapshot
        do {
            let flattenedData = try JSONSerialization.data(withJSONObject: readableFields(of: flattened))
            snapshot = try JSONSnapshot(data: flattenedData.bytes, providerName: path, parsingOptions: .default)
        } catch {
            throw FormatReadError(path: path, message: "it is not a JSON object of the JavaScript SDK's options: \(error)")
        }
        let raw = ProviderValues.read(mapping.fields, from: snapshot)
        var imported = mapping.completing(importing(raw), read: raw, keysInFile: leafKeys(of: flattened, prefix: nil))
        imported.notes = notes + imported.notes
        return imported
    }

    /// The values as pretty-printed JSON, nested as the SDK takes them.
    public static func render(_ values: [String: SDKValue]) -> Data {
        var root: [String: Any] = [:]
        for (key, value) in values {
            let json: Any = switch value {
            case .text(let text): text
            case .number(let number): number == number.rounded() ? Int(number) as Any : number
            case .bool(let flag): flag
            case .list(let items): items
            }
            insert(json, at: key.split(separator: ".").map(String.init)[...], into: &root)
        }
        let data = (try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    private static func insert(_ value: Any, at path: ArraySlice<String>, into object: inout [String: Any]) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            object[first] = value
            return
        }
        var child = object[first] as? [String: Any] ?? [:]
        insert(value, at: path.dropFirst(), into: &child)
        object[first] = child
    }

    /// The fields' values that JSONSnapshot can hold (text, numbers, booleans, lists of text),
    /// nested as in the file: whatever else the file has (`null`, a list of objects under a key
    /// no option reads) never stops the reader, and a field of such a value is noted.
    private static func readableFields(of object: [String: Any]) -> [String: Any] {
        var readable: [String: Any] = [:]
        for field in mapping.fields {
            let path = field.key.split(separator: ".").map(String.init)
            var value: Any? = object
            for component in path { value = (value as? [String: Any])?[component] }
            guard let value, value is String || value is NSNumber || value is Bool || value is [String] else { continue }
            insert(value, at: path[...], into: &readable)
        }
        return readable
    }

    private static func leafKeys(of value: Any, prefix: String?) -> [String] {
        guard let object = value as? [String: Any] else { return prefix.map { [$0] } ?? [] }
        return object.flatMap { key, child in leafKeys(of: child, prefix: prefix.map { "\($0).\(key)" } ?? key) }
    }

    /// `https://host[:port]` as the SDK writes an origin: without the scheme's default port.
    private static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        return "\(scheme)://\(host)" + (components.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
    }
}
