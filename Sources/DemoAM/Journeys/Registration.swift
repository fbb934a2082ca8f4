/// `Registration`: one sign-up page. `validateOnly` submissions get the page back with
/// `failedPolicies`; a complete, valid submission creates the user and signs them in.
struct RegistrationJourney: CodedJourney {
    static let name = "Registration"
    static let authLevel = 0
    static let amr = ["pwd"]

    /// How many error notices the last page had above the form.
    private var noticeCount = 0

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        RegistrationForm().page(usernameTaken: false, reportFailures: false, notices: [])
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        let form = RegistrationForm(answers, offset: noticeCount)
        let validateOnly = (0..<RegistrationForm.validatedFieldCount).contains { answers.bool(noticeCount + $0, "validateOnly") }
        var taken = await environment.directory.user(named: form.username) != nil
        let notices = validateOnly ? [] : form.notices
        if !validateOnly, notices.isEmpty, form.passesPolicies(usernameTaken: taken) {
            let user = DemoUser(
                username: form.username, password: form.password, totpSecret: Base32.encode(RandomToken.bytes(10)), mail: form.mail,
                givenName: form.givenName, familyName: form.familyName
            )
            if await environment.directory.add(user) { return .success(username: user.username) }
            taken = true
        }
        noticeCount = notices.count
        return .page(form.page(usernameTaken: taken, reportFailures: true, notices: notices))
    }
}
