import ArgumentParser
import Foundation
import JourneyEngine

/// Which journey and how: `--tree`, `--resume`, `--no-session`, `--force-auth`.
struct JourneyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The journey (tree) to walk; the profile's authServiceName (Login) when left out.", valueName: "name"))
    var tree: String?

    @Option(help: ArgumentHelp("Resume a suspended journey from the link AM emailed (or its suspendedId).", valueName: "link"))
    var resume: String?

    @Flag(help: "End the journey without creating a session (noSession=true).")
    var noSession = false

    @Flag(help: "Walk the journey even when a valid session exists (ForceAuth=true).")
    var forceAuth = false

    /// The journey to walk: `--resume`, else `--tree`, else `defaultJourney`.
    func request(defaultJourney: String?) throws -> JourneyRequest {
        if let resume {
            guard tree == nil else { throw ValidationError("Use either --tree or --resume, not both.") }
            do {
                return JourneyRequest(.resume(try ResumeLink(link: resume)), noSession: noSession, forceAuth: forceAuth)
            } catch {
                throw ValidationError(error.description)
            }
        }
        return JourneyRequest(.journey(tree ?? defaultJourney), noSession: noSession, forceAuth: forceAuth)
    }
}

/// Answers given ahead of time: `--answer PROMPT=VALUE`, `--answers FILE`.
struct AnswerOptions: ParsableArguments {
    @Option(name: .customLong("answer"), help: ArgumentHelp(
        "Answer a prompt: PROMPT=VALUE. PROMPT is the prompt text or input name (IDToken1), case-insensitive; a choice takes its label or number. Repeatable.",
        valueName: "prompt=value"))
    var assignments: [String] = []

    @Option(name: .customLong("answers"), help: ArgumentHelp(
        "A file of PROMPT=VALUE lines (# starts a comment).", valueName: "file"))
    var answersFile: String?

    func book() throws -> AnswerBook {
        var book = AnswerBook()
        do {
            if let answersFile {
                guard let data = FileManager.default.contents(atPath: answersFile) else {
                    throw ValidationError("Cannot read the answers file \(answersFile).")
                }
                try book.add(fileContents: String(decoding: data, as: UTF8.self), source: answersFile)
            }
            for assignment in assignments { try book.add(assignment) }
        } catch let error as AnswerBookError {
            throw ValidationError(error.description)
        }
        return book
    }
}
