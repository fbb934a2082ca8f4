import Foundation
import JourneyTesting

/// The test files a `journey test` run names: files as given, folders searched for `.yaml` and
/// `.yml` files (sorted), each read and every case prepared before anything is sent; every
/// problem of every file is found in one run.
enum TestFiles {
    /// Every file that cannot run, each with its line and key.
    struct Problems: Error {
        let errors: [TestFileError]
    }

    static func prepare(paths: [String], filter: String?, overrides: PreparedCase.Overrides) throws(Problems) -> [PreparedCase] {
        var errors: [TestFileError] = []
        var prepared: [PreparedCase] = []
        for file in files(in: paths, errors: &errors) {
            let (tests, problems) = TestFileReader.read(path: file)
            errors += problems
            // Every test is prepared, also after one that cannot be: each problem is said.
            for test in tests where filter.map({ test.name.localizedCaseInsensitiveContains($0) }) ?? true {
                do {
                    prepared += try PreparedCase.prepare(test, overrides: overrides)
                } catch {
                    errors.append(error)
                }
            }
        }
        guard errors.isEmpty else { throw Problems(errors: errors) }
        return prepared
    }

    private static func files(in paths: [String], errors: inout [TestFileError]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                errors.append(TestFileError(file: path, line: nil, key: nil, problem: "no such file or folder"))
                continue
            }
            guard isFolder.boolValue else {
                files.append(path)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            files += found.map { (path as NSString).appendingPathComponent($0) }
        }
        return files
    }
}
