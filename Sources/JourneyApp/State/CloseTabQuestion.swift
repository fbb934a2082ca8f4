import Orchestrate

/// The question `w` asks before closing a tab that is signed in or has a journey under way: what
/// closing abandons, and that the session and tokens stay in the instance's stores (closing
/// signs nothing out; `l` does).
public struct CloseTabQuestion: Sendable, Equatable {
    /// The tab to close once the person confirms.
    public let tabID: Int
    public let tabName: String
    /// What closing does, one sentence each.
    public let lines: [String]

    /// The question for `tab`, which shares its stores with the tabs named in `sharers`; nil when
    /// closing loses nothing worth asking about (an idle or ended tab holding nothing).
    init?(closing tab: ClientTab, sharers: [String]) {
        let holds = tab.phase == .signedIn || tab.tokens?.tokens != nil
        let underWay = tab.journeyUnderWay
        guard holds || underWay != nil else { return nil }
        tabID = tab.id
        tabName = TerminalText.line(tab.name)
        var lines: [String] = []
        if let underWay { lines.append("Its \(tab.profile.walkName) under way (\(underWay)) is abandoned.") }
        if holds {
            let user = tab.userName.map { " as \(TerminalText.line($0))" } ?? ""
            let stores = tab.stores
            lines.append("It is signed in\(user). Closing signs nothing out (l does): its session and tokens stay in the stores "
                + "\"\(stores.session)\" and \"\(stores.tokens)\" of instance \"\(tab.instanceName)\", where a tab or command on "
                + "that instance finds them (journey demo keeps its stores in memory until it quits).")
            if !sharers.isEmpty {
                lines.append("\(sharers.map(TerminalText.line).joined(separator: ", ")) \(sharers.count == 1 ? "shares" : "share") them and "
                    + "\(sharers.count == 1 ? "stays" : "stay") signed in.")
            }
        }
        self.lines = lines
    }
}
