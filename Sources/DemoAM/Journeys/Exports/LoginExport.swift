/// The demo's `Login` journey as a frodo journey export: a page of a user name and a password,
/// then a data store decision. The demo AM runs it node by node (`TreeRun`), as it runs any
/// export it is given. `{{demo:usersListed}}` in the page's description says where the demo's
/// users are listed: the demo panel in `journey demo`, the banner elsewhere.
enum LoginExport {
    static let source = "Sources/DemoAM/Journeys/Exports/LoginExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "Login": {
          "tree": {
            "_id": "Login",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b01",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b01": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 200, "y": 120,
                "connections": {"outcome": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b02"}
              },
              "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b02": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the password", "x": 420, "y": 120,
                "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 640, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 640, "y": 200}
            }
          },
          "nodes": {
            "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b01": {
              "_id": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b01",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b11", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b12", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "UsernamePassword",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b02": {
              "_id": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b02",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "innerNodes": {
            "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b11": {
              "_id": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b11",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b12": {
              "_id": "0b6e2f8a-5c1d-4e3a-9f70-2d4c8a1e6b12",
              "_type": {"_id": "PasswordCollectorNode", "name": "Password Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
