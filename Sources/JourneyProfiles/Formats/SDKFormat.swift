import Foundation
import JourneyEngine
import Orchestrate

/// The SDK configuration files `journey config import` reads and `journey config export` writes.
public enum SDKFormat: String, CaseIterable, Sendable {
    /// The iOS SDK's `FRAuthConfig.plist`.
    case plist
    /// The Android SDK's `res/values/strings.xml` resources.
    case stringsXML = "strings-xml"
    /// The JavaScript SDK's `Config.set` options, as JSON.
    case js
    /// The newest SDKs' unified configuration (`journey` and `oidc` sections), as JSON. A `.json`
    /// file is read as one when it has those sections, whichever of the two formats is named.
    case unified

    /// The file's usual name, for messages.
    public var title: String {
        switch self {
        case .plist: "iOS FRAuthConfig.plist"
        case .stringsXML: "Android strings.xml"
        case .js: "JavaScript SDK configuration (JSON)"
        case .unified: "unified SDK configuration (JSON)"
        }
    }

    /// The format of a file from its extension, else from how its content starts.
    public static func detect(path: String, contents: Data) -> SDKFormat? {
        let json = { (try? JSONValue.parse(contents)).map(UnifiedSDKConfig.isUnified) == true ? SDKFormat.unified : .js }
        switch (path as NSString).pathExtension.lowercased() {
        case "plist": return .plist
        case "json": return json()
        default: break
        }
        let head = String(decoding: contents.prefix(4096), as: UTF8.self)
        if head.contains("<plist") || head.hasPrefix("bplist") { return .plist }
        if head.contains("<resources") { return .stringsXML }
        if head.trimmingWhitespace().hasPrefix("{") { return json() }
        return nil
    }

    /// Reads a file of this format.
    public func read(path: String) async throws(FormatReadError) -> ImportedConfiguration {
        switch self {
        case .plist: try await FRAuthConfigPlist.read(path: path)
        case .stringsXML: try AndroidStringsXML.read(path: path)
        case .js, .unified: try await JavaScriptConfig.read(path: path)
        }
    }

    /// The options as a file of this format, with what it cannot hold. Options in `defaulted`
    /// (those the profile does not set) are left out, so the SDK's own defaults apply.
    public func export(_ options: ClientOptions, defaulted: Set<OptionKey> = []) -> ExportedConfiguration {
        switch self {
        case .plist:
            let exported = FRAuthConfigPlist.exporting(options, defaulted: defaulted)
            return ExportedConfiguration(data: FRAuthConfigPlist.render(exported.values), omitted: exported.omitted)
        case .stringsXML:
            let exported = AndroidStringsXML.exporting(options, defaulted: defaulted)
            return ExportedConfiguration(data: AndroidStringsXML.render(exported.values), omitted: exported.omitted)
        case .js:
            let exported = JavaScriptConfig.exporting(options, defaulted: defaulted)
            return ExportedConfiguration(data: JavaScriptConfig.render(exported.values), omitted: exported.omitted)
        case .unified:
            let exported = UnifiedSDKConfig.exporting(options, defaulted: defaulted)
            return ExportedConfiguration(data: JavaScriptConfig.render(exported.values), omitted: exported.omitted)
        }
    }
}

/// An exported SDK configuration file, with the options it leaves out or writes approximately.
public struct ExportedConfiguration: Sendable, Hashable {
    public let data: Data
    public let omitted: [FormatNote]
}
