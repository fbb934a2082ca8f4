/// The demo's `SocialLogin` journey as a frodo journey export: a provider to pick (Select Identity
/// Provider): the demo identity provider goes on in a browser (Social Provider Handler: a redirect
/// to it, and the code it sends back redeemed); `localAuthentication` goes on with the sign-in page.
enum SocialLoginExport {
    static let source = "Sources/DemoAM/Journeys/Exports/SocialLoginExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "SocialLogin": {
          "tree": {
            "_id": "SocialLogin",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "7bab4ea9-00c7-5c60-9796-662ccfcdcefb",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "7bab4ea9-00c7-5c60-9796-662ccfcdcefb": {
                "nodeType": "PageNode", "displayName": "Sign in with", "x": 200, "y": 120,
                "connections": {"socialAuthentication": "64030562-9753-5dd7-98ba-124bd0a57d15", "localAuthentication": "cec6845d-c719-57e4-a478-ec2f67d2bc59"}
              },
              "64030562-9753-5dd7-98ba-124bd0a57d15": {
                "nodeType": "SocialProviderHandlerNode", "displayName": "Demo IdP", "x": 420, "y": 120,
                "connections": {"ACCOUNT_EXISTS": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "NO_ACCOUNT": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "cec6845d-c719-57e4-a478-ec2f67d2bc59": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 640, "y": 120,
                "connections": {"outcome": "e6b33905-d451-5715-b448-3d8a42404bcd"}
              },
              "e6b33905-d451-5715-b448-3d8a42404bcd": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the password", "x": 860, "y": 120,
                "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 1080, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 1080, "y": 200}
            }
          },
          "nodes": {
            "7bab4ea9-00c7-5c60-9796-662ccfcdcefb": {
              "_id": "7bab4ea9-00c7-5c60-9796-662ccfcdcefb",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "7620f849-b663-5753-b97a-7b004e49ef2e", "displayName": "Demo IdP or this site", "nodeType": "SelectIdPNode"}
              ],
              "pageHeader": {"en": "Sign in with"},
              "pageDescription": {},
              "stage": "SocialLoginProvider",
              "_outcomes": [{"id": "socialAuthentication", "displayName": "Social Authentication"}, {"id": "localAuthentication", "displayName": "Local Authentication"}]
            },
            "64030562-9753-5dd7-98ba-124bd0a57d15": {
              "_id": "64030562-9753-5dd7-98ba-124bd0a57d15",
              "_type": {"_id": "SocialProviderHandlerNode", "name": "Social Provider Handler", "collection": true},
              "script": "",
              "usernameAttribute": "userName",
              "clientType": "BROWSER",
              "storeTokens": false,
              "_outcomes": [{"id": "ACCOUNT_EXISTS", "displayName": "Account exists"}, {"id": "NO_ACCOUNT", "displayName": "No account exists"}]
            },
            "cec6845d-c719-57e4-a478-ec2f67d2bc59": {
              "_id": "cec6845d-c719-57e4-a478-ec2f67d2bc59",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "18fde304-9518-5eaa-bbf0-2aa9f278c5b2", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "b50b0b2d-f6fd-5532-8b76-0803714526d7", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "UsernamePassword",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "e6b33905-d451-5715-b448-3d8a42404bcd": {
              "_id": "e6b33905-d451-5715-b448-3d8a42404bcd",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "innerNodes": {
            "7620f849-b663-5753-b97a-7b004e49ef2e": {
              "_id": "7620f849-b663-5753-b97a-7b004e49ef2e",
              "_type": {"_id": "SelectIdPNode", "name": "Select Identity Provider", "collection": true},
              "includeLocalAuthentication": true,
              "offerOnlyExisting": false,
              "passwordAttribute": "password",
              "identityAttribute": "mail",
              "filteredProviders": [],
              "_outcomes": [{"id": "socialAuthentication", "displayName": "Social Authentication"}, {"id": "localAuthentication", "displayName": "Local Authentication"}]
            },
            "18fde304-9518-5eaa-bbf0-2aa9f278c5b2": {
              "_id": "18fde304-9518-5eaa-bbf0-2aa9f278c5b2",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "b50b0b2d-f6fd-5532-8b76-0803714526d7": {
              "_id": "b50b0b2d-f6fd-5532-8b76-0803714526d7",
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
