import Foundation

/// Small SDK configuration files as apps keep them, each key exactly as its SDK names it.
enum SDKExampleFiles {
    static let pinA = "zkmy1W+MY4z/5Zsc3yUGYg2jNEn+ci05pO51toPLVSY="
    static let pinB = "lju8WHnP/1iB8eMOGkqjszOW2FsZh3RpUpjrXpqRBaw="

    /// An iOS app's `FRAuthConfig.plist`, with the older `forgerock_oauth_url` key the SDK no
    /// longer reads.
    static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>forgerock_url</key>
    \t<string>https://openam.example.com:8443/openam</string>
    \t<key>forgerock_realm</key>
    \t<string>alpha</string>
    \t<key>forgerock_timeout</key>
    \t<string>60</string>
    \t<key>forgerock_enable_cookie</key>
    \t<true/>
    \t<key>forgerock_cookie_name</key>
    \t<string>5421aeddf91aa20</string>
    \t<key>forgerock_auth_service_name</key>
    \t<string>UsernamePassword</string>
    \t<key>forgerock_registration_service_name</key>
    \t<string>signUp</string>
    \t<key>forgerock_oauth_client_id</key>
    \t<string>iosclient</string>
    \t<key>forgerock_oauth_redirect_uri</key>
    \t<string>org.forgerock.demo://oauth2redirect</string>
    \t<key>forgerock_oauth_sign_out_redirect_uri</key>
    \t<string>org.forgerock.demo://oauth2redirect</string>
    \t<key>forgerock_oauth_scope</key>
    \t<string>openid profile email address</string>
    \t<key>forgerock_oauth_threshold</key>
    \t<string>60</string>
    \t<key>forgerock_oauth_url</key>
    \t<string>https://openam.example.com:8443/openam</string>
    \t<key>forgerock_keychain_access_group</key>
    \t<string>com.forgerock.sso</string>
    \t<key>forgerock_ssl_pinning_public_key_hashes</key>
    \t<array>
    \t\t<string>\(pinA)</string>
    \t\t<string>\(pinB)</string>
    \t</array>
    \t<key>forgerock_authenticate_endpoint</key>
    \t<string>/json/realms/root/realms/alpha/authenticate</string>
    \t<key>forgerock_endsession_endpoint</key>
    \t<string>https://openam.example.com:8443/openam/oauth2/realms/root/realms/alpha/connect/endSession</string>
    </dict>
    </plist>

    """

    /// An Android app's `res/values/strings.xml`: its own strings, the SDK's `<string>`,
    /// `<integer>` and `<string-array>` resources, an empty endpoint override, and two keys
    /// the SDK reads for other purposes.
    static let stringsXML = """
    <?xml version="1.0" encoding="utf-8"?>
    <resources>
        <string name="app_name">Journey Demo</string>

        <!-- OAuth -->
        <string name="forgerock_oauth_client_id" translatable="false">AndroidTest</string>
        <string name="forgerock_oauth_redirect_uri" translatable="false">org.forgerock.demo:/oauth2redirect</string>
        <string name="forgerock_oauth_sign_out_redirect_uri" translatable="false">org.forgerock.demo:/logout</string>
        <string name="forgerock_oauth_scope" translatable="false">openid profile email address</string>
        <string name="forgerock_oauth_url" translatable="false">https://openam.example.com:8443/openam</string>
        <integer name="forgerock_oauth_threshold" translatable="false">30</integer> <!-- in second -->
        <integer name="forgerock_oauth_cache" translatable="false">5</integer>

        <!-- Server -->
        <string name="forgerock_url" translatable="false">https://openam.example.com:8443/openam</string>
        <string name="forgerock_realm" translatable="false">parent/realms/child</string>
        <integer name="forgerock_timeout" translatable="false">45</integer>
        <integer name="forgerock_cookie_cache" translatable="false">10</integer>
        <string name="forgerock_cookie_name" translatable="false">iPlanetDirectoryPro</string>
        <string-array name="forgerock_ssl_pinning_public_key_hashes">
            <item>\(pinA)</item>
        </string-array>

        <!-- To override default path -->
        <string name="forgerock_authenticate_endpoint" translatable="false" />
        <string name="forgerock_logout_endpoint" translatable="false">/json/realms/root/realms/parent/realms/child/sessions</string>

        <!-- SSO -->
        <string name="forgerock_sso_logout" translatable="false">org.forgerock.android.auth.broadcast.SSO_LOGOUT</string>

        <!-- Service -->
        <string name="forgerock_auth_service" translatable="false">UsernamePassword</string>
        <string name="forgerock_registration_service" translatable="false">Registration</string>
    </resources>

    """

    /// A web app's `Config.set({...})` options saved as JSON.
    static let javaScriptJSON = """
    {
      "clientId": "WebOAuthClient",
      "redirectUri": "https://sdkapp.example.com:8443/_callback",
      "scope": "openid profile email",
      "realmPath": "alpha",
      "tree": "UsernamePassword",
      "oauthThreshold": 60000,
      "logLevel": "warn",
      "tokenStore": "localStorage",
      "prefix": "FR-SDK",
      "serverConfig": {
        "baseUrl": "https://openam.example.com:9443/am/",
        "timeout": 5000,
        "paths": {
          "authenticate": "json/realms/root/realms/alpha/authenticate",
          "sessions": "/am/json/realms/root/realms/alpha/sessions"
        }
      }
    }

    """

    /// Writes a file into a fresh temporary folder and returns its path.
    static func write(_ text: String, named name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journeyterm-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func write(_ data: Data, named name: String) throws -> String {
        try write(String(decoding: data, as: UTF8.self), named: name)
    }
}
