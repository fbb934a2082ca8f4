import Foundation

/// Identify Existing User: finds the user by `identityAttribute` (`mail`, `userName`); `true`
/// sets the shared `username` (its `identifier` attribute) and `_id`.
struct IdentifyExistingUser: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let attribute = call["identityAttribute"]?.string ?? "userName"
        guard let value = call.identityValue(attribute), let user = await call.environment.directory.user(where: attribute, is: value) else {
            return .outcome("false")
        }
        let identifier = call["identifier"]?.string ?? "userName"
        call.state.setShared("_id", .string(user.username))
        if let name = user.attribute(identifier) {
            call.state.setShared("username", name)
            call.state.setObjectAttribute(identifier, name)
        }
        return .outcome("true")
    }
}

/// Increment Login Count: one more sign-in on the user's `loginCount`; a user not found is let be.
struct IncrementLoginCount: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        if let user = await call.identifiedUser() {
            _ = await call.environment.directory.change(user.username) { $0.attributes["loginCount"] = .int(($0.attributes["loginCount"]?.int ?? 0) + 1) }
        }
        return .outcome("outcome")
    }
}

/// Account Lockout: makes the shared `username`'s account inactive (`LOCK`) or active again.
struct AccountLockout: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let username = call.state.username else { return .refuse("Could not get a valid username from the context") }
        let active = call["lockAction"]?.string == "UNLOCK"
        guard await call.environment.directory.change(username, { $0.active = active }) != nil else {
            return .refuse("the user \(username) does not exist")
        }
        return .outcome("outcome")
    }
}

/// Patch Object: writes every attribute the journey collected (but `ignoredFields`) to the user
/// found by `identityAttribute`.
struct PatchObject: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let user = await call.identifiedUser() else { return .outcome("FAILURE") }
        let ignored = Set((call["ignoredFields"]?.array ?? []).compactMap(\.string).map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 })
        // A pointer into an object (`/preferences/marketing`) leaves that member out.
        var changes = call.state.objectAttributes.filter { !ignored.contains($0.name) }.map { change in
            let inside = ignored.filter { $0.hasPrefix(change.name + "/") }.map { $0.dropFirst(change.name.count + 1).split(separator: "/").map(String.init) }
            return (name: change.name, value: inside.reduce(change.value) { value, path in value.removing(path: path) })
        }
        if let terms = call.state.shared["termsAccepted"] { changes.append(("termsAccepted", terms)) }
        guard !changes.isEmpty else { return .outcome("PATCHED") }
        let patched = await call.environment.directory.change(user.username) { user in
            for change in changes { user.set(change.name, change.value) }
        }
        return .outcome(patched == nil ? "FAILURE" : "PATCHED")
    }
}

/// Create Object: a new user from every attribute the journey collected; `FAILURE` when one IDM
/// requires is missing or the user name is taken.
struct CreateObject: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        var attributes = call.state.objectAttributes
        guard ManagedUserSchema.requiredAttributes.allSatisfy({ name in attributes.contains { $0.name == name && $0.value.scalarText?.isEmpty == false } }) else {
            return .outcome("FAILURE")
        }
        if let terms = call.state.shared["termsAccepted"] { attributes.append(("termsAccepted", terms)) }
        var user = DemoUser(username: "", password: "", totpSecret: Base32.encode(RandomToken.bytes(10)), mail: "", givenName: "", familyName: "")
        for attribute in attributes { user.set(attribute.name, attribute.value) }
        return .outcome(await call.environment.directory.add(user) ? "CREATED" : "FAILURE")
    }
}

/// Email Suspend: suspends the journey and emails its resume link to the user's (or the
/// collected) `emailAttribute`; no address, no email, and the journey is suspended all the same,
/// so nobody learns whether an account exists. The link goes on by `outcome`.
struct EmailSuspend: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        let emailAttribute = call["emailAttribute"]?.string ?? "mail"
        let recipient: String?
        if call["objectLookup"]?.bool ?? false {
            recipient = await call.identifiedUser()?.attribute(emailAttribute)?.string
        } else {
            recipient = call.state.objectAttribute(emailAttribute)?.string
        }
        let template = call["emailTemplateName"]?.string ?? "registration"
        let message = call.text("emailSuspendMessage", default: "An email has been sent to the address you entered. Click the link in that email to proceed.")
        let mail = recipient.flatMap { $0.isEmpty ? nil : ResumeMail(to: $0, subject: "Your \(template) link") }
        return .suspend([.suspendedTextOutput(message)], mail: mail)
    }
}

/// Get Session Data: copies a property of the session the request carries (`sessionDataKey`:
/// `UserToken` or `UserId` the user name, `AuthLevel`, `Service` the journey it passed last) to
/// the shared `sharedStateKey` and `objectAttributes.<sharedStateKey>`, as AM reads the
/// request's SSO token each time. Without a session, or a property the demo's sessions do not
/// have, it writes nothing and goes on.
struct GetSessionData: NodeBehaviour {
    func process(_ call: inout NodeCall) async -> NodeResult {
        guard let key = call["sharedStateKey"]?.string, !key.isEmpty, let session = await call.environment.requestSession() else {
            return .outcome("outcome")
        }
        let value: JSONValue? = switch call["sessionDataKey"]?.string {
        case "UserToken", "UserId": .string(session.username)
        case "AuthLevel": .string(String(session.authLevel))
        case "Service": .string(session.journey)
        default: nil
        }
        if let value {
            call.state.setShared(key, value)
            call.state.setObjectAttribute(key, value)
        }
        return .outcome("outcome")
    }
}
