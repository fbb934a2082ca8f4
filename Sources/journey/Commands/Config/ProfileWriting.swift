import ArgumentParser
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// Writing the profile that `journey config import` and `journey config discover` make, and
/// telling the person what it holds and what to run next.
enum ProfileWriting {
    /// The profile name given with `--as`, checked before any work is done.
    static func check(name: String) throws {
        guard ProfileName.isValid(name) else {
            throw ValidationError("\"\(TerminalText.line(name))\" is not a profile name: \(ProfileName.rule).")
        }
    }

    /// Writes the profile to the standard profiles file.
    static func write(_ name: String, values: [OptionKey: OptionValue], replace: Bool) throws -> ProfilesWriter.Written {
        do {
            return try ProfilesWriter(file: .standard()).write(profile: name, values: values, replace: replace)
        } catch .exists {
            throw ValidationError("There is already a profile \(name) in \(ProfilesFile.standard().path): choose another name with --as, or add --replace.")
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// "Wrote profile lab …" and its options, one per line.
    static func summary(_ written: ProfilesWriter.Written, values: [OptionKey: OptionValue]) -> [String] {
        var lines = ["\(written.replaced ? "Replaced" : "Wrote") profile \(written.name) in \(written.path):\(written.line):"]
        for key in OptionKey.allCases {
            guard let value = values[key] else { continue }
            let items = key.mayHoldSecret ? value.items.map(Redaction.headerLine) : value.items.map(TerminalText.line)
            lines.append("  \(key.rawValue): \(items.joined(separator: ", "))")
        }
        return lines
    }

    /// What to run once the profile is written.
    static func nextStep(_ written: ProfilesWriter.Written) -> String {
        "Next: journey login --profile \(written.name)"
    }
}
