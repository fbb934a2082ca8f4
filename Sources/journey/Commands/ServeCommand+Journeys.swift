import DemoAM
import Foundation
import JourneyMaps
import Orchestrate
import Yams

/// `journey serve --journeys PATH --users FILE --stubs FILE`: the files read for the demo AM,
/// each a regular file within its limit; a problem names the file and exits 64.
extension ServeCommand {
    /// All the exports read together may hold at most this much: a folder named by mistake
    /// does not fill the memory.
    static let mostExportBytes = 256 << 20

    /// Export files named, and the JSON files of folders named.
    static func journeyExports(_ paths: [String]) throws(ServeInputProblem) -> [JourneyExportFile] {
        var files: [JourneyExportFile] = []
        var total = 0
        func keep(_ file: JourneyExportFile) throws(ServeInputProblem) {
            total += file.contents.count
            guard total <= mostExportBytes else {
                throw ServeInputProblem("\(file.source): the exports read so far hold more than \(mostExportBytes >> 20) MiB; name fewer files or folders")
            }
            files.append(file)
        }
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw ServeInputProblem("\(path): there is no such file or folder") }
            guard isFolder.boolValue else {
                try keep(JourneyExportFile(source: path, contents: try read(path, limit: JourneyCatalog.largestFile)))
                continue
            }
            let (found, complete) = JourneyCatalog.jsonFiles(in: path)
            guard complete else {
                throw ServeInputProblem("\(path): the folder holds more than \(JourneyCatalog.mostFiles) JSON files or is nested deeper than "
                                        + "\(JourneyCatalog.deepestFolder) folders; name a folder nearer the journeys")
            }
            for file in found {
                let full = (path as NSString).appendingPathComponent(file)
                try keep(JourneyExportFile(source: full, contents: try read(full, limit: JourneyCatalog.largestFile), named: false))
            }
        }
        return files
    }

    /// The users of a YAML users file.
    static func users(_ path: String) throws(ServeInputProblem) -> [DemoUser] {
        let text = String(decoding: try read(path, limit: 16 << 20), as: UTF8.self)
        do {
            return try UsersFile.users(fromYAML: text, source: path)
        } catch {
            throw ServeInputProblem(error.description)
        }
    }

    /// A stubs file: a YAML map from a node's id or name to the outcome it takes.
    static func stubs(_ path: String) throws(ServeInputProblem) -> [String: String] {
        let text = String(decoding: try read(path, limit: 1 << 20), as: UTF8.self)
        guard let map = (try? Yams.load(yaml: text)) as? [String: Any] else {
            throw ServeInputProblem("\(path): a stubs file is a YAML map from a node's id or name to its outcome, e.g. \"Check the risk: high\"")
        }
        var stubs: [String: String] = [:]
        for (node, outcome) in map {
            guard let outcome = outcome as? String ?? (outcome as? CustomStringConvertible)?.description else {
                throw ServeInputProblem("\(path): the outcome of \(node) is not text")
            }
            stubs[node] = outcome
        }
        return stubs
    }

    private static func read(_ path: String, limit: Int) throws(ServeInputProblem) -> Data {
        do {
            return try BoundedFile.read(path, limit: limit)
        } catch {
            throw ServeInputProblem("\(path): \(error.reason(limit: limit))")
        }
    }
}

/// A file given to `journey serve` that cannot be used.
struct ServeInputProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
