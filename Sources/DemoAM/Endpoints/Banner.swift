import Foundation

/// The text that tells people what the demo AM is and how to sign in: ``DemoAM/banner`` and `GET /am`.
enum Banner {
    static func text(baseURL: String) -> String {
        let width = DemoAM.builtInUsers.map(\.username.count).max() ?? 0
        let users = DemoAM.builtInUsers.map { user in
            let name = user.username.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(name)  password \(user.password)  TOTP secret \(user.totpSecret)  mail \(user.mail)"
        }
        return """
            Demo AM: an AM-compatible server for demos and tests only.
            It listens on 127.0.0.1 only, keeps everything in memory and is not secure.
            URL:      \(baseURL)
            Realms:   /       \(baseURL)/json/realms/root/authenticate
                      /alpha  \(baseURL)/json/realms/root/realms/alpha/authenticate
            Journeys: \(DemoAM.journeys.joined(separator: ", "))
            Users:
            \(users.joined(separator: "\n"))
            Outbox:   \(baseURL)/demo/outbox (the emails MagicLink sends)

            """
    }
}
