import ArgumentParser
import Foundation
import JourneyEngine
import Orchestrate

/// Which journey and how: `--tree`, `--resume`, `--redirected`, `--no-session`, `--force-auth`.
struct JourneyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The journey (tree) to walk; the profile's authServiceName (Login) when left out.", valueName: "name"))
    var tree: String?

    @Option(help: ArgumentHelp("Resume a suspended journey from the link AM emailed (or its suspendedId).", valueName: "link"))
    var resume: String?

    @Option(help: ArgumentHelp(
        "Go on with the journey this instance keeps waiting for a browser (social login, SAML), from the address the browser landed on (its code, state …).",
        valueName: "address"))
    var redirected: String?

    @Flag(help: "End the journey without creating a session (noSession=true).")
    var noSession = false

    @Flag(help: "Walk the journey even when a valid session exists (ForceAuth=true).")
    var forceAuth = false

    /// The journey to walk: `--resume`, else `--tree`, else `defaultJourney`.
    func request(defaultJourney: String?) throws -> JourneyRequest {
        if redirected != nil, tree != nil || resume != nil {
            throw ValidationError("Use --redirected alone: it goes on with the journey the instance keeps, not with --tree or --resume.")
        }
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

    /// With `--redirected`, the journey going on from the step `instance` keeps for `server`.
    /// An address that cannot answer that step is said and ends the run (exit 2).
    func browserReturn(kept instance: ClientInstance, on server: ServerConfiguration, console: Console) throws -> JourneyRequest? {
        guard let redirected else { return nil }
        guard let handoff = try instance.browserHandoff(on: server) else {
            throw ValidationError("The instance \"\(instance.name)\" keeps no journey waiting for a browser on \(server.baseURL.absoluteString) "
                + "(it ended, or another instance or server started it). Start it again with journey login --instance \(instance.name) --tree NAME.")
        }
        do {
            let back = try BrowserReturn(address: redirected, handoff: handoff)
            return handoff.returning(back)
        } catch {
            console.say(console.styled("journey: \(CommandHint.message(for: error))", .red))
            throw ExitStatus.answerMissing.code
        }
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
                let data: Data
                do {
                    data = try Data(contentsOf: URL(filePath: answersFile))
                } catch {
                    throw ValidationError("Cannot read the answers file \(answersFile): \(FileReadProblem.reason(error)).")
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
