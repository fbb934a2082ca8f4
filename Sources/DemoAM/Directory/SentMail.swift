/// The emails the demo AM "sent", newest last: the last ``kept`` of them, so a long run (a load
/// test of a suspending journey) keeps memory flat.
actor SentMail {
    static let kept = 200

    private(set) var emails: [DemoEmail] = []

    func record(_ email: DemoEmail) {
        emails.append(email)
        if emails.count > Self.kept { emails.removeFirst(emails.count - Self.kept) }
    }
}
