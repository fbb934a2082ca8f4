import Foundation
import Orchestrate

/// Journeys read from files and folders (or a live AM), by name, so that an inner tree is found
/// in whatever was read, with the problems of every definition that could not be used.
public struct JourneyCatalog: Sendable {
    public private(set) var journeys: [JourneyDefinition] = []
    public private(set) var problems: [DefinitionProblem] = []

    /// A file bigger than this is refused, not read.
    public static let largestFile = 64 << 20

    public init(journeys: [JourneyDefinition] = [], problems: [DefinitionProblem] = []) {
        for journey in journeys { add(journey) }
        self.problems += problems
    }

    /// Reads each path: an export file, or a folder searched for export files and AM's
    /// configuration (`authenticationtreesservice`). A file in a folder that holds no journey
    /// is passed over; a file named on its own must hold one.
    public static func read(paths: [String]) -> JourneyCatalog {
        var catalog = JourneyCatalog()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                catalog.problems.append(DefinitionProblem(source: path, problem: "there is no such file or folder"))
                continue
            }
            if isFolder.boolValue {
                catalog.readFolder(path)
            } else {
                catalog.readFile(path, named: true)
            }
        }
        return catalog
    }

    public func journey(named name: String) -> JourneyDefinition? {
        journeys.first { $0.name == name } ?? journeys.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The journeys `journey` runs, theirs in turn, each once, in the order they are met; and
    /// the names no journey read answers to.
    public func innerTrees(of journey: JourneyDefinition) -> (found: [JourneyDefinition], missing: [String]) {
        var found: [JourneyDefinition] = [], missing: [String] = []
        var seen: Set<String> = [journey.name]
        var pending = journey.innerTreeNames
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard seen.insert(name).inserted else { continue }
            if let inner = self.journey(named: name) {
                found.append(inner)
                pending += inner.innerTreeNames
            } else {
                missing.append(name)
            }
        }
        return (found, missing)
    }

    /// A journey read again, from a later file, after `journeys` had one of its name: that
    /// later definition is passed over. Exports of several realms or tenants repeat names.
    public private(set) var passedOver: [(name: String, source: String)] = []

    mutating func add(_ journey: JourneyDefinition) {
        if let kept = journeys.first(where: { $0.name == journey.name }) {
            if kept != journey { passedOver.append((journey.name, journey.source)) }
            return
        }
        journeys.append(journey)
    }

    mutating func add(problem: DefinitionProblem) {
        problems.append(problem)
    }

    private mutating func readFolder(_ folder: String) {
        let (all, complete) = Self.jsonFiles(in: folder)
        if !complete {
            problems.append(DefinitionProblem(source: folder, problem: "the folder holds more than \(Self.mostFiles) JSON files or is nested deeper than "
                                              + "\(Self.deepestFolder) folders; only the first were read (name a folder nearer the journeys)"))
        }
        let configuration = AMConfigurationReader.journeys(inFolder: folder, files: all)
        if let configuration {
            for journey in configuration.journeys { add(journey) }
            problems += configuration.problems
        }
        // AM's configuration files were read above, a realm at a time.
        for file in all where configuration == nil || !file.contains("/organizationconfig/") {
            readFile((folder as NSString).appendingPathComponent(file), named: false)
        }
    }

    private mutating func readFile(_ path: String, named: Bool) {
        let document: JSONValue
        do {
            document = try Self.document(at: path)
        } catch {
            if named { problems.append(error) }
            return
        }
        let read = ExportReader.journeys(document, source: path) { Self.nodeConfigurations(beside: path) }
        if read.journeys.isEmpty && !named && read.problems.allSatisfy({ $0.journey == nil }) { return }
        for journey in read.journeys { add(journey) }
        problems += read.problems
    }

    /// The node configurations in a `nodes` folder beside a tree's file, by `_id`, page nodes'
    /// children in their subfolders too (fr-config-manager's layout).
    private static func nodeConfigurations(beside path: String) -> [String: JSONObject] {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent("nodes")
        let files = jsonFiles(in: folder).files
        var configurations: [String: JSONObject] = [:]
        for file in files {
            guard let object = (try? document(at: (folder as NSString).appendingPathComponent(file)))?.objectValue,
                  let id = object["_id"]?.stringValue else { continue }
            configurations[id] = object
        }
        return configurations
    }

    /// The JSON files a folder walk reads at most, and how deep it goes: a folder named by
    /// mistake (a home folder, `/`) is walked no further.
    public static let mostFiles = 20_000
    public static let deepestFolder = 16

    /// The `.json` files under `folder` (paths relative to it, sorted), hidden files and folders
    /// left out, and whether the walk saw everything within its bounds.
    public static func jsonFiles(in folder: String) -> (files: [String], complete: Bool) {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return ([], true) }
        var files: [String] = []
        var complete = true
        while let path = walk.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name.hasPrefix(".") || walk.level > deepestFolder {
                if walk.level > deepestFolder { complete = false }
                walk.skipDescendants()
                continue
            }
            guard name.hasSuffix(".json") else { continue }
            guard files.count < mostFiles else { complete = false; break }
            files.append(path)
        }
        return (files.sorted(), complete)
    }

    /// A file's JSON, refused with the reason when it cannot be read, is not a regular file, is
    /// too big or is not JSON.
    static func document(at path: String) throws(DefinitionProblem) -> JSONValue {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: largestFile)
        } catch {
            throw DefinitionProblem(source: path, problem: error.reason(limit: largestFile))
        }
        do {
            return try JSONValue.parse(data)
        } catch {
            throw DefinitionProblem(source: path, problem: "the file is not JSON: \(error)")
        }
    }
}
