/// `Login`: one username/password page.
struct LoginJourney: CodedJourney {
    static let name = "Login"
    static let authLevel = 0
    static let amr = ["pwd"]

    func firstPage(_ environment: JourneyEnvironment) -> Page {
        UsernamePasswordPage.page(environment)
    }

    mutating func next(_ answers: Answers, _ environment: JourneyEnvironment) async throws(AMError) -> Outcome {
        guard let user = await UsernamePasswordPage.user(from: answers, in: environment.directory) else { return .failure }
        return .success(username: user.username)
    }
}
