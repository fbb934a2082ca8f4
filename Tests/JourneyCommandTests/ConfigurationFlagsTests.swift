import ArgumentParser
import JourneyProfiles
import Orchestrate
import Testing

@testable import journey

/// `ConfigurationOptions` declares each option's flag and then names it again where it hands
/// the value on: these tests hold the two, and the option catalog, together.
@Suite struct ConfigurationFlagsTests {
    /// The options of the catalog that have no flag, and why: a test that fails here names an
    /// option that was added to the catalog without one.
    static let optionsWithoutAFlag: Set<String> = [
        // A profile's kind is what the profile is; a flag cannot turn a journey profile into a flow.
        "kind",
        // Whether `journey load` may target a server is the profile owner's word, not a flag's.
        "loadAllowed",
        // `journey map` and the full-screen UI take --journeys themselves, for every tab at once.
        "journeys",
        // A DaVinci flow's options come from its profile (`journey davinci --profile`).
        "discoveryEndpoint", "clientId", "scopes", "redirectUri", "acrValues",
    ]

    /// Every long flag of `ConfigurationOptions`, as ArgumentParser offers it (`--no-…`
    /// inversions and `--profile` aside).
    static var longFlags: [String] {
        let help = ConfigurationOptions.helpMessage(columns: 500)
        let names = help.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "/" })
            .map(String.init)
            .filter { $0.hasPrefix("--") && !$0.hasPrefix("--no-") && $0 != "--profile" && $0 != "--help" }
        return Array(Set(names)).sorted()
    }

    /// The options a flag sets when given on its own, with the flag name each value says it came from.
    static func options(setBy flag: String) throws -> [OptionKey: OptionLayers.FlagValue] {
        let isSwitch = ConfigurationOptions.helpMessage(columns: 500).contains("[--no-\(flag.dropFirst(2))]")
            || flag == "--insecure" || flag == "--enable-cookie"
        let arguments = isSwitch ? [flag] : [flag, "value-of\(flag)"]
        return try ConfigurationOptions.parse(arguments).flagValues
    }

    @Test func eachFlagSetsOneOptionAndNamesItselfAsItsSource() throws {
        #expect(Self.longFlags.count > 30)
        for flag in Self.longFlags {
            let set = try Self.options(setBy: flag)
            #expect(set.count == 1, "\(flag) sets \(set.keys.map(\.rawValue))")
            for (key, value) in set {
                #expect(value.source == .flag(flag), "\(flag) sets \(key) but says it came from \(value.source)")
                if case .text(let text) = value.value, text != "true" {
                    #expect(text == "value-of\(flag)", "\(flag) hands \(key) another value: \(text)")
                }
                if case .list(let items) = value.value { #expect(items == ["value-of\(flag)"]) }
            }
        }
    }

    @Test func everyOptionOfTheCatalogHasAFlagOrIsListedWithoutOne() throws {
        var flagged: [String: String] = [:]
        for flag in Self.longFlags {
            for key in try Self.options(setBy: flag).keys {
                #expect(flagged[key.rawValue] == nil, "\(key) has two flags: \(flagged[key.rawValue] ?? "") and \(flag)")
                flagged[key.rawValue] = flag
            }
        }
        let catalog = Set(OptionKey.allCases.map(\.rawValue))
        let unflagged = catalog.subtracting(flagged.keys)
        #expect(unflagged == Self.optionsWithoutAFlag,
                "without a flag and not listed: \(unflagged.subtracting(Self.optionsWithoutAFlag).sorted()); listed but flagged or gone: \(Self.optionsWithoutAFlag.subtracting(unflagged).sorted())")
        #expect(Set(flagged.keys).isSubset(of: catalog))
    }

    @Test func theInvertedCookieFlagNamesItself() throws {
        let set = try ConfigurationOptions.parse(["--no-enable-cookie"]).flagValues
        #expect(set[.enableCookie] == OptionLayers.FlagValue(.text("false"), source: .flag("--no-enable-cookie")))
    }
}
