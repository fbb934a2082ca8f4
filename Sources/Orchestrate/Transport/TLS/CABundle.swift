import Foundation
import SwiftASN1
import X509

/// A `caBundle` file: PEM certificates trusted in addition to the system's roots.
enum CABundle {
    /// The certificates of the file, in order.
    ///
    /// - Throws: ``ConfigurationError/invalidValue(name:value:reason:)`` named `caBundle` when the
    ///   file cannot be read, holds no PEM certificate, or holds one that cannot be parsed.
    static func certificates(atPath path: String) throws(ConfigurationError) -> [Certificate] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .invalidValue(name: "caBundle", value: path, reason: "the file cannot be read (\((error as NSError).localizedDescription))")
        }
        let documents: [PEMDocument]
        do {
            documents = try PEMDocument.parseMultiple(pemString: text)
        } catch {
            throw .invalidValue(name: "caBundle", value: path, reason: "it is not a PEM file (-----BEGIN CERTIFICATE----- blocks)")
        }
        var certificates: [Certificate] = []
        for document in documents where document.discriminator == "CERTIFICATE" {
            do {
                certificates.append(try Certificate(pemDocument: document))
            } catch {
                throw .invalidValue(
                    name: "caBundle", value: path,
                    reason: "certificate \(certificates.count + 1) in it cannot be read (\(error))")
            }
        }
        guard !certificates.isEmpty else {
            throw .invalidValue(name: "caBundle", value: path, reason: "it holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        return certificates
    }
}
