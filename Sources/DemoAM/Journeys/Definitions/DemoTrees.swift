/// The demo AM's journeys written in Swift as trees, by name (those that are exports are served
/// as they are: `DemoExports`). A step that takes a user name and password is the
/// page node `UsernamePassword` with a data store decision after it, as in AM's own Login.
enum DemoTrees {
    static let all: [DemoTree] = [
        DemoTree(name: "SecondFactor", file: "Sources/DemoAM/Journeys/SecondFactor.swift", nodes: signIn(then: .node("choice")) + [
            .init(key: "choice", type: "PageNode", name: "Choose a second factor", outcomes: [("outcome", .node("send"))],
                  stage: "SecondFactorChoice", page: [("ChoiceCollectorNode", "Email or SMS")]),
            .init(key: "send", type: "OneTimePasswordGeneratorNode", name: "Make the code", outcomes: [("outcome", .node("code"))]),
            .init(key: "code", type: "PageNode", name: "One-time password", outcomes: [("true", .success), ("false", .node("retry"))],
                  stage: "OneTimePassword", page: [("OneTimePasswordCollectorDecisionNode", "One Time Password")]),
            .init(key: "retry", type: "RetryLimitDecisionNode", name: "Three tries", outcomes: [("Retry", .node("code")), ("Reject", .failure)]),
        ]),
        DemoTree(name: "Registration", file: "Sources/DemoAM/Journeys/Registration.swift", nodes: [
            .init(key: "form", type: "PageNode", name: "Sign Up", outcomes: [("outcome", .node("create"))], stage: "Registration", page: [
                ("ValidatedUsernameNode", "Username"), ("AttributeCollectorNode", "Name, email, preferences"),
                ("ValidatedPasswordNode", "Password"), ("KbaCreateNode", "Security question"),
                ("AcceptTermsAndConditionsNode", "Terms and conditions"),
            ]),
            .init(key: "create", type: "CreateObjectNode", name: "Create the user", outcomes: [("CREATED", .success), ("FAILURE", .node("form"))]),
        ]),
        DemoTree(name: "PushApproval", file: "Sources/DemoAM/Journeys/PushApproval.swift", nodes: [
            .init(key: "start", type: "PageNode", name: "Send a notification", outcomes: [("outcome", .node("user"))],
                  stage: "PushStart", page: [("UsernameCollectorNode", "User Name"), ("MessageNode", "Send notification or Cancel")]),
            .init(key: "user", type: "IdentifyExistingUserNode", name: "Find the user", outcomes: [("true", .node("send")), ("false", .failure)]),
            .init(key: "send", type: "PushAuthenticationSenderNode", name: "Push to the phone", outcomes: [("SENT", .node("wait")), ("NOT_REGISTERED", .failure)]),
            .init(key: "wait", type: "PageNode", name: "Waiting for approval", outcomes: [("outcome", .node("result"))],
                  stage: "PushWait", page: [("PushWaitNode", "Wait for the phone")]),
            .init(key: "result", type: "PushResultVerifierNode", name: "Approved?",
                  outcomes: [("TRUE", .success), ("FALSE", .failure), ("EXPIRED", .failure), ("WAITING", .node("wait"))]),
        ]),
        DemoTree(name: "StepUp", file: "Sources/DemoAM/Journeys/StepUp.swift", nodes: [
            .init(key: "session", type: "SessionDataDecisionNode", name: "Signed in already?", outcomes: [("true", .node("code")), ("false", .node("credentials"))]),
        ] + signIn(then: .node("code")) + [
            .init(key: "code", type: "PageNode", name: "One-time code", outcomes: [("true", .success), ("false", .node("retry"))],
                  stage: "StepUp", page: [("OneTimePasswordCollectorDecisionNode", "One Time Password")]),
            .init(key: "retry", type: "RetryLimitDecisionNode", name: "Three tries", outcomes: [("Retry", .node("code")), ("Reject", .failure)]),
        ]),
        DemoTree(name: "ConfirmTransaction", file: "Sources/DemoAM/Journeys/ConfirmTransaction.swift", nodes: [
            .init(key: "session", type: "SessionDataDecisionNode", name: "Signed in already?", outcomes: [("true", .node("confirm")), ("false", .node("credentials"))]),
        ] + signIn(then: .node("confirm")) + [
            .init(key: "confirm", type: "PageNode", name: "Confirm the transaction", outcomes: [("true", .success), ("false", .failure)],
                  stage: "TransactionAuthorization", page: [("PasswordCollectorNode", "Password or one-time code")]),
        ]),
        DemoTree(name: "SocialLogin", file: "Sources/DemoAM/Journeys/SocialLogin.swift", nodes: [
            .init(key: "provider", type: "PageNode", name: "Sign in with", outcomes: [("socialAuthentication", .node("social")), ("localAuthentication", .node("credentials"))],
                  stage: "SocialLoginProvider", page: [("SelectIdPNode", "Demo IdP or this site")]),
            .init(key: "social", type: "SocialProviderHandlerNode", name: "Demo IdP", outcomes: [("ACCOUNT_EXISTS", .success), ("NO_ACCOUNT", .failure)]),
        ] + signIn(then: .success)),
        DemoTree(name: "Captcha", file: "Sources/DemoAM/Journeys/Captcha.swift", nodes: [
            .init(key: "credentials", type: "PageNode", name: "Sign In", outcomes: [("true", .node("password")), ("false", .failure)],
                  stage: "CaptchaLogin", page: [("UsernameCollectorNode", "User Name"), ("PasswordCollectorNode", "Password"), ("product-CaptchaNode", "reCAPTCHA")]),
            .init(key: "password", type: "DataStoreDecisionNode", name: "Check the password", outcomes: [("true", .success), ("false", .failure)]),
        ]),
        DemoTree(name: "RecaptchaEnterprise", file: "Sources/DemoAM/Journeys/Captcha.swift", nodes: signIn(then: .node("captcha")) + [
            .init(key: "captcha", type: "PageNode", name: "reCAPTCHA Enterprise", outcomes: [("true", .success), ("false", .failure)],
                  stage: "RecaptchaEnterprise", page: [("RecaptchaEnterpriseNode", "reCAPTCHA Enterprise")]),
        ]),
    ]

    static func named(_ name: String) -> DemoTree? { all.first { $0.name == name } }

    /// The user name and password page, then the password checked: on to `next`, or Failure.
    private static func signIn(then next: DemoTree.Target) -> [DemoTree.Node] {
        [
            .init(key: "credentials", type: "PageNode", name: "Sign In", outcomes: [("outcome", .node("password"))],
                  stage: "UsernamePassword", page: [("UsernameCollectorNode", "User Name"), ("PasswordCollectorNode", "Password")]),
            .init(key: "password", type: "DataStoreDecisionNode", name: "Check the password", outcomes: [("true", next), ("false", .failure)]),
        ]
    }
}
