import Configuration
import JourneyEngine

/// The profiles file as swift-configuration's `ReloadingFileProvider` reads it while the UI
/// runs: each saved version parsed once into a ``ProfilesDocument`` (checked, with the values
/// and lines of every profile), from which `ProfilesWatcher` resolves every profile. A version
/// that is not a valid profiles file (or is over ``ProfilesFile/sizeLimit``) fails to load, and
/// the provider keeps the last good one.
///
/// Keys are a profile's name and an option's, `lab.realm`.
struct ProfilesSnapshot: FileConfigSnapshot {
    /// The file's path, for messages and sources.
    struct ParsingOptions: FileParsingOptions {
        var path: String

        static var `default`: ParsingOptions { ParsingOptions(path: "profiles.yaml") }
    }

    let providerName: String
    let document: ProfilesDocument

    init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        self.providerName = providerName
        let text = data.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
        document = try ProfilesDocument(path: parsingOptions.path, text: text)
    }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        guard key.components.count == 2, let profile = document.profile(named: key.components[0]) else {
            return LookupResult(encodedKey: key.description, value: nil)
        }
        return try InMemoryProvider(name: profile.name, options: profile.values, secret: true)
            .value(forKey: AbsoluteConfigKey([key.components[1]], context: key.context), type: type)
    }

    var description: String { "\(providerName)[\(document.profiles.count) profiles]" }

    var debugDescription: String { description }
}
