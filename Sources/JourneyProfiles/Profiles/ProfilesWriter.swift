import Foundation
import JourneyEngine
import Orchestrate

/// Adds a profile to a profiles file without touching the rest of it: the new profile is
/// appended as a YAML block, so every other byte (comments included) stays as it was. An
/// existing profile is replaced only when asked, by rewriting its own block, and only when
/// the other profiles read the same afterwards.
///
/// The file and its folder are made when missing (0600 and 0700) and written atomically. A
/// profiles file that is a symbolic link (dotfiles kept in a repository) stays one: its target
/// is written.
public struct ProfilesWriter: Sendable {
    public let file: ProfilesFile

    public init(file: ProfilesFile) {
        self.file = file
    }

    /// What was written, and where.
    public struct Written: Sendable, Hashable {
        public let name: String
        public let path: String
        /// The line of the profile's name.
        public let line: Int
        /// Whether an existing profile of that name was replaced.
        public let replaced: Bool
    }

    /// Writes the profile with the options' raw values, named as the SDKs name them.
    ///
    /// - Throws: ``ProfilesWriteError`` when the name is not a profile name, the profile exists
    ///   and `replace` is false, the file cannot be read as profiles, the profile cannot be
    ///   replaced without changing the others, or the file cannot be written.
    /// Puts the file back as it was before a change: `previous`, or no file when there was none.
    public func restore(_ previous: Data?) throws(ProfilesWriteError) {
        guard let previous else {
            do {
                try FileManager.default.removeItem(atPath: file.path)
            } catch {
                throw .cannotWrite(path: file.path, reason: error.localizedDescription)
            }
            return
        }
        try PrivateFile.save(previous, to: file.path)
    }

    @discardableResult
    public func write(profile name: String, values: [OptionKey: OptionValue], replace: Bool = false) throws(ProfilesWriteError) -> Written {
        guard ProfileName.isValid(name) else { throw .invalidName(name) }
        let document: ProfilesDocument
        do {
            document = try file.read()
        } catch {
            throw .unreadable(error)
        }
        let block: String
        do {
            block = try ProfileBlock.yaml(name: name, values: values)
        } catch {
            throw .cannotWrite(path: file.path, reason: "the values cannot be written as YAML: \(error)")
        }
        let text: String
        let line: Int
        if let existing = document.profile(named: name) {
            guard replace else { throw .exists(name: name, path: file.path, line: existing.line) }
            (text, line) = try replacing(existing, in: document, with: block)
        } else {
            var base = document.text
            if !base.isEmpty, !base.hasSuffix("\n") { base += "\n" }
            text = base + block
            line = base.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        try check(text, against: document, writing: name, values: values)
        try PrivateFile.save(Data(text.utf8), to: file.path)
        return Written(name: name, path: file.path, line: line, replaced: document.profile(named: name) != nil)
    }

    /// The text with the profile's block (its name's line down to the next profile, less the
    /// blank lines and unindented comments just above that one) in place of the old.
    private func replacing(_ profile: ProfilesDocument.Profile, in document: ProfilesDocument,
                           with block: String) throws(ProfilesWriteError) -> (String, Int) {
        var lines = document.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let line = profile.line, line >= 1, line <= lines.count, Self.isBlockStart(lines[line - 1], name: profile.name) else {
            throw .cannotReplace(name: profile.name, path: file.path,
                                 reason: "it does not start with \"\(profile.name):\" on a line of its own")
        }
        let start = line - 1
        let following = document.profiles.drop { $0.name != profile.name }.dropFirst().first
        var end = following?.line.map { $0 - 1 } ?? lines.count
        while end > start + 1, lines[end - 1].trimmingSpaces().isEmpty || lines[end - 1].hasPrefix("#") {
            end -= 1
        }
        var blockLines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if blockLines.last == "" { blockLines.removeLast() }
        lines.replaceSubrange(start..<end, with: blockLines)
        return (lines.joined(separator: "\n"), line)
    }

    private static func isBlockStart(_ line: String, name: String) -> Bool {
        guard line.hasPrefix(name + ":") else { return false }
        let rest = line.dropFirst(name.count + 1).trimmingSpaces()
        return rest.isEmpty || rest.hasPrefix("#")
    }

    /// The new text must be a valid profiles file in which every other profile reads as before
    /// and the written one holds exactly the values given.
    private func check(_ text: String, against document: ProfilesDocument, writing name: String,
                       values: [OptionKey: OptionValue]) throws(ProfilesWriteError) {
        let refuse = { (reason: String) in ProfilesWriteError.cannotReplace(name: name, path: file.path, reason: reason) }
        let after: ProfilesDocument
        do {
            after = try ProfilesDocument(path: file.path, text: text)
        } catch {
            throw refuse("the file would not read as profiles afterwards (\(error.message))")
        }
        for other in document.profiles where other.name != name && after.profile(named: other.name)?.values != other.values {
            throw refuse("the profile \(other.name) would read differently afterwards")
        }
        guard after.profile(named: name)?.values == values else { throw refuse("it would not read back as written") }
    }
}

/// Why a profile could not be written.
public enum ProfilesWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidName(String)
    case exists(name: String, path: String, line: Int?)
    case unreadable(ProfilesFileError)
    case cannotReplace(name: String, path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "\"\(TerminalText.line(name))\" is not a profile name: \(ProfileName.rule)."
        case .exists(let name, let path, let line):
            "There is already a profile \(name) in \(path)\(line.map { ":\($0)" } ?? "")."
        case .unreadable(let error):
            "The profiles file cannot be read, so nothing was added to it: \(error)"
        case .cannotReplace(let name, let path, let reason):
            "The profile \(name) in \(path) was left as it is: \(reason). Edit it with journey profiles edit \(name), or write under another name."
        case .cannotWrite(let path, let reason):
            "\(path) cannot be written: \(reason)"
        }
    }
}
