/// The demo flows' forms as PingOne's DaVinci writes them (`form.components.fields`), each
/// with its `formData` defaults.
enum Forms {
    static func fields(of form: FormID, interaction: Interaction, environment: String) -> (name: String, description: String, fields: [[String: Any]], defaults: [String: Any]) {
        switch form {
        case .signOn:
            return ("Sign On", "Sign on with your username and password.", [
                ["type": "LABEL", "content": "Welcome to the demo PingOne environment"],
                ["type": "ERROR_DISPLAY"],
                ["type": "TEXT", "key": "username", "label": "Username", "required": true],
                ["type": "PASSWORD", "key": "password", "label": "Password", "required": true],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Sign On"],
                ["type": "FLOW_LINK", "key": "register", "label": "No account? Register now!", "inputType": "ACTION"],
                ["type": "FLOW_LINK", "key": "trouble", "label": "Having trouble signing on?", "inputType": "ACTION"],
            ], ["username": "", "password": ""])
        case .registration:
            return ("Registration", "Create an account in the demo environment.", [
                ["type": "TEXT", "key": "user.email", "label": "Email", "required": true,
                 "validation": ["regex": "^[^@ ]+@[^@ ]+\\.[^@ ]+$", "errorMessage": "Must be a valid email address"]],
                ["type": "TEXT", "key": "user.username", "label": "Username", "required": true],
                ["type": "TEXT", "key": "user.given_name", "label": "Given name"],
                ["type": "DROPDOWN", "key": "user.country", "label": "Country", "required": true, "inputType": "SINGLE_SELECT",
                 "options": [["label": "Canada", "value": "CA"], ["label": "France", "value": "FR"], ["label": "United Kingdom", "value": "GB"],
                             ["label": "United States", "value": "US"]]],
                ["type": "PHONE_NUMBER", "key": "user.phone", "label": "Phone number", "defaultCountryCode": "US", "required": false,
                 "validatePhoneNumber": true],
                ["type": "CHECKBOX", "key": "consents", "label": "Agreements", "required": true, "inputType": "MULTI_SELECT",
                 "options": [["label": "I accept the terms of use", "value": "terms"], ["label": "Send me news", "value": "news"]]],
                ["type": "PASSWORD_VERIFY", "key": "user.password", "label": "Password", "required": true, "verify": true],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Create account"],
                ["type": "FLOW_LINK", "key": "signon", "label": "Already have an account? Sign on", "inputType": "ACTION"],
            ], ["user.email": "", "user.username": "", "user.given_name": "", "user.country": "", "consents": [String](), "user.password": ""])
        case .oneTimeCode:
            let address = interaction.pendingUser?.email ?? "your email address"
            return ("One-time code", "Enter the code sent to \(address).", [
                ["type": "LABEL", "content": "The demo sends no mail: GET /\(environment)/demo/outbox shows the code."],
                ["type": "TEXT", "key": "otp", "label": "Code", "required": true,
                 "validation": ["regex": "^[0-9]{6}$", "errorMessage": "The code has six digits"]],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Verify"],
                ["type": "FLOW_BUTTON", "key": "resend", "label": "Send a new code"],
            ], ["otp": ""])
        case .recovery:
            return ("Password recovery", "We send a code to the account's email address.", [
                ["type": "TEXT", "key": "username", "label": "Username", "required": true],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Send code"],
                ["type": "FLOW_LINK", "key": "signon", "label": "Back to sign on", "inputType": "ACTION"],
            ], ["username": ""])
        case .terms:
            return ("Terms of use", "The terms of use changed: accept them to go on.", [
                ["type": "SINGLE_CHECKBOX", "key": "acceptTerms", "label": "I accept the terms of use", "required": true, "inputType": "BOOLEAN",
                 "appearance": "CHECKBOX", "errorMessage": "Accept the terms of use to go on.", "richContent": ["content": "I accept the terms of use"]],
                ["type": "SINGLE_CHECKBOX", "key": "newsletter", "label": "Send me news", "required": false, "inputType": "BOOLEAN",
                 "appearance": "SWITCH"],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Continue"],
            ], ["acceptTerms": false, "newsletter": false])
        case .authenticator:
            let secret = interaction.pendingUser?.newAuthenticatorSecret ?? ""
            let account = interaction.pendingUser?.username ?? ""
            return ("Authenticator app", "Set up an authenticator app for your account.", [
                ["type": "LABEL", "content": "Scan the QR code with the app (or enter the key by hand), then continue."],
                ["type": "QR_CODE", "key": "qrCode", "content": "otpauth://totp/Demo%20PingOne:\(account)?secret=\(secret)&issuer=Demo%20PingOne",
                 "fallbackText": secret],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Done"],
            ], [:])
        case .approval:
            return ApprovalFlow.form(interaction)
        case .contactDetails:
            return DetailsFlow.contactForm
        case .deviceCheck, .passkey:
            return DeviceChecks.fields(of: form)
        case .fieldTypes:
            return FieldsFlow.fieldsForm
        case .fieldHelp:
            return FieldsFlow.helpForm
        case .newPassword:
            return ("New password", "Choose a new password.", [
                ["type": "PASSWORD_VERIFY", "key": "newPassword", "label": "New password", "required": true, "verify": true,
                 "passwordPolicy": PasswordRules.policy],
                ["type": "SUBMIT_BUTTON", "key": "submit", "label": "Save"],
            ], ["newPassword": ""])
        }
    }
}

/// The environment's password policy (PingOne's "Standard" policy, smaller).
enum PasswordRules {
    static var policy: [String: Any] {
        [
        "name": "Standard", "length": ["min": 8, "max": 255], "maxRepeatedCharacters": 2, "minUniqueCharacters": 5,
        "minCharacters": ["0123456789": 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZ": 1, "abcdefghijklmnopqrstuvwxyz": 1],
        ]
    }

    /// The rules a password breaks, as PingOne names them (`unsatisfiedRequirements`).
    static func unsatisfied(by password: String) -> [String] {
        var broken: [String] = []
        if password.count < 8 || password.count > 255 { broken.append("length") }
        for set in ["0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"] where !password.contains(where: set.contains) {
            broken.append("minCharacters")
            break
        }
        if Set(password).count < 5 { broken.append("minUniqueCharacters") }
        // PingOne's rule: no character more than twice in a row ("good-apple" passes, "goood" does not).
        if password.range(of: "(.)\\1\\1", options: .regularExpression) != nil { broken.append("maxRepeatedCharacters") }
        return broken
    }
}
