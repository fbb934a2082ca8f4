import ArgumentParser
import DaVinci
import Foundation
import JourneyEngine
import JourneyProfiles
import Orchestrate

/// An instance started with resolved options: its stores, its server, its OAuth client and the
/// transport its TLS settings call for.
struct StartedInstance {
    let instance: ClientInstance
    let resolved: ResolvedOptions
    let server: ServerConfiguration
    let oauth: OAuthConfiguration?
    let transport: any HTTPTransport

    var options: ClientOptions { resolved.options }
    var traces: Bool { options.logLevel == .trace }
}

/// Resolves an instance's options and starts it by the SDKs' rules (`InstanceLifecycle`).
///
/// A run's options are what its flags, environment and profile say, as an app's are what it
/// passes to `FRAuth.start(options:)`: the options an instance last started with only tell which
/// server to sign out at when they change. A run that names neither a server nor a profile goes
/// on with the instance as it last started: its profile, re-read, or its options ("kept by
/// instance NAME from its last run", as `journey config show --instance NAME` says).
enum InstanceStart {
    /// The layers a run of the instance resolves (`config show` resolves the same).
    static func layers(_ given: OptionLayers, instance name: String, record: InstanceProfile?) -> OptionLayers {
        var layers = given
        guard !layers.namesServer, let record else { return layers }
        if let profile = record.profileName {
            layers.profileName = profile
        } else if let options = record.startedOptions {
            layers.base = (options.values, .instance(name))
        }
        return layers
    }

    /// `signsIn`: the command walks a journey, so an instance without a record is fine;
    /// otherwise such an instance has nothing to `use` (the command's verb: "refresh", "log out").
    /// `resolved`: the options of the profile named, when the command has resolved them already.
    static func start(_ configuration: ConfigurationOptions, instance name: String, adding extra: [OptionKey: OptionLayers.FlagValue] = [:],
                      signsIn: Bool = false, use: String = "use", resolved named: ResolvedOptions? = nil, console: Console) async throws -> StartedInstance {
        let backend: FileRecordStore
        let record: InstanceProfile?
        do {
            backend = try FileRecordStore()
            record = try ClientInstance(name: name, backend: backend).profile()
            if record == nil { try InstanceNameTaken.check(name, for: .journey, in: backend) }
        } catch let taken as InstanceNameTaken {
            throw ValidationError("\(taken) journey instances lists it; give the journey another (--instance NAME), or use its profile.")
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
        let layers = layers(configuration.layers(adding: extra), instance: name, record: record)
        if !layers.namesServer, record == nil, !signsIn {
            throw InstanceProblem("The instance \"\(name)\" has not signed in yet, so it holds nothing to \(use). Sign in first: journey login --url … --instance \(name) (or --profile NAME).",
                                  status: .notSignedIn)
        }
        let resolved = try named ?? ConfigurationOptions.resolve(layers)
        let options = resolved.options
        do {
            let (instance, report) = try await InstanceLifecycle.start(
                instance: name, options: options.journey, profileName: resolved.profileName, backend: backend,
                transport: { HTTPTransports.make(for: $0) }, logger: Console.wireLogger(traces: options.logLevel == .trace))
            switch report {
            case .applied, .restarted: console.say("ℹ \(report)")
            case .firstStart, .unchanged: break
            }
            for missing in [options.missingOAuthOptions].filter({ !$0.isEmpty }) {
                console.say("ℹ OAuth is off: \(missing.map(\.rawValue).joined(separator: ", ")) not set.")
            }
            return StartedInstance(instance: instance, resolved: resolved, server: try options.serverConfiguration(),
                                   oauth: try options.oauthConfiguration(), transport: HTTPTransports.make(for: options))
        } catch let error as StoreError {
            throw ValidationError(CommandHint.message(for: error))
        } catch let error as ConfigurationError {
            throw ValidationError(error.description)
        }
    }
}
