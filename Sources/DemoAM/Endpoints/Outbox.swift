import Hummingbird

/// `GET /am/demo/outbox`: the emails the journeys sent (links, one-time passwords), as a JSON array of ``DemoEmail``.
enum Outbox {
    static func list(_ sentMail: SentMail) async -> Response {
        .json(.array(await sentMail.emails.map(\.json)))
    }
}
