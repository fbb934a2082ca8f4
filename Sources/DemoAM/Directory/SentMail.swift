/// The emails the demo AM "sent", kept for ``DemoAM/outbox()`` and `GET /am/demo/outbox`.
actor SentMail {
    private(set) var emails: [DemoEmail] = []

    func record(_ email: DemoEmail) {
        emails.append(email)
    }
}
