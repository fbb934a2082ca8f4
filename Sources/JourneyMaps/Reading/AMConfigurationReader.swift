import Foundation
import Orchestrate

/// Reads journeys from AM's file-based configuration (forgeops, amster): a folder holding
/// `authenticationtreesservice`, with a file per tree and a folder per node type.
enum AMConfigurationReader {
    /// The journeys of the configuration under `folder`, or nil when it holds none.
    static func journeys(inFolder folder: String) -> (journeys: [JourneyDefinition], problems: [DefinitionProblem])? {
        nil
    }
}
