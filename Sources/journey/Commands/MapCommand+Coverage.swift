import ArgumentParser
import Foundation
import JourneyMaps
import Orchestrate

/// `journey map --coverage FILE`: what `journey test --coverage-json` recorded, marked on the map.
extension MapCommand {
    /// The journeys of a coverage file, refused with the reason when it is no such file.
    static func readCoverage(_ path: String) throws -> [JourneyCoverage] {
        let data: Data
        do throws(BoundedFile.Refusal) {
            data = try BoundedFile.read(path, limit: JourneyCatalog.largestFile)
        } catch {
            throw ValidationError("--coverage \(TerminalText.line(path)): \(error.reason(limit: JourneyCatalog.largestFile))")
        }
        guard let journeys = JourneyCoverage.read(data) else {
            throw ValidationError("--coverage \(TerminalText.line(path)): this is no coverage record (journey test --coverage-json FILE writes one)")
        }
        return journeys
    }
}
