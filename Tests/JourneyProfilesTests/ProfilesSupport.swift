import Foundation
import JourneyProfiles

/// A profiles file in a fresh temporary folder.
func profilesFile(_ text: String) throws -> ProfilesFile {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-profiles-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("profiles.yaml").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return ProfilesFile(path: path)
}

let labProfile = """
# a lab AM
lab:
  url: https://am.lab.example.com/am
  realm: alpha
  cookieName: 5421aeddf91aa20
  timeout: 12
  oauthClientId: journeyterm
  oauthRedirectUri: http://127.0.0.1/callback
  oauthScope: openid profile
  sslPinningPublicKeyHashes:
    - C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M=
  headers:
    - "X-Tenant: lab"
other:
  url: http://127.0.0.1:8180/am

"""
