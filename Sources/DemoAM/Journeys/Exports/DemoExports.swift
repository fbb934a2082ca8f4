/// The demo AM's own journeys, each a frodo journey export run node by node (`TreeRun`), as any
/// export given to `journey serve --journeys` is; in the order the demo offers them.
enum DemoExports {
    /// Each journey's name, the file its export is in, and the export.
    static let all: [(name: String, source: String, json: String)] = [
        ("Login", LoginExport.source, LoginExport.json),
        ("MagicLink", MagicLinkExport.source, MagicLinkExport.json),
        ("SecondFactor", SecondFactorExport.source, SecondFactorExport.json),
        ("Registration", RegistrationExport.source, RegistrationExport.json),
        ("PushApproval", PushApprovalExport.source, PushApprovalExport.json),
        ("StepUp", StepUpExport.source, StepUpExport.json),
        ("ConfirmTransaction", ConfirmTransactionExport.source, ConfirmTransactionExport.json),
        ("SocialLogin", SocialLoginExport.source, SocialLoginExport.json),
        ("Captcha", CaptchaExport.source, CaptchaExport.json),
        ("RecaptchaEnterprise", RecaptchaEnterpriseExport.source, RecaptchaEnterpriseExport.json),
    ]
    /// Their names.
    static let names = all.map(\.name)
}
