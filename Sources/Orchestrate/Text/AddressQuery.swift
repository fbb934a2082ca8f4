import Foundation

/// The query of an address a person pastes back from a browser (a resume link, the address a
/// sign-in landed on), read the same way for journeys and DaVinci flows.
public enum AddressQuery {
    /// Every query parameter of an address, those after a fragment too (XUI and single-page apps
    /// put theirs there: `…/#/?code=…`).
    public static func items(of address: String) -> [URLQueryItem] {
        let candidates = [address] + address.split(separator: "#").dropFirst().map { "x:/" + $0 }
        return candidates.flatMap { URLComponents(string: $0)?.queryItems ?? [] }
    }
}
