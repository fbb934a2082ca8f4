import ArgumentParser
@testable import journey
import Testing

/// `journey SUBCOMMAND …` is parsed from the subcommand (`JourneyCommand.parseNamedSubcommand`)
/// to spare ArgumentParser the root's walk; it must give exactly what the root would, and leave
/// everything else (help, usage errors, no subcommand) to the root.
struct NamedSubcommandParseTests {
    @Test(arguments: [
        ["login", "--url", "http://127.0.0.1:9/am", "--tree", "Login", "--answer", "User Name=demo", "--answer", "Password=x", "--json"],
        ["login", "--profile", "lab", "--instance", "two", "--har", "run.har", "--save-answers", "a.txt"],
        ["token", "--instance", "two", "--json"],
        ["config", "show", "--url", "http://127.0.0.1:9/am"],
        ["profiles", "list"],
        ["test", "tests/login.yaml", "--junit", "out.xml"],
        ["serve", "--port", "0"],
    ])
    func aNamedSubcommandParsesAsFromTheRoot(_ arguments: [String]) async throws {
        let named = try #require(await JourneyCommand.parseNamedSubcommand(arguments))
        let root = try await JourneyCommand.asyncParseAsRoot(arguments)
        #expect(type(of: named) == type(of: root))
        #expect(Self.dumped(named) == Self.dumped(root))
    }

    @Test(arguments: [
        ["login", "--help"], ["login", "-h"], ["login", "--bogus"], ["login", "--url"], ["login", "extra"],
        ["login", "--version"], ["login", "--generate-completion-script", "bash"], ["config", "show", "--help"],
        ["config", "bogus"], ["help", "login"], ["--url", "http://127.0.0.1:9/am"], [], ["nonsense"],
    ])
    func everythingElseIsLeftToTheRoot(_ arguments: [String]) async {
        #expect(await JourneyCommand.parseNamedSubcommand(arguments) == nil)
    }

    private static func dumped(_ command: ParsableCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }
}
