/// The demo's `ConfirmTransaction` journey as a frodo journey export: the user of the caller's
/// session confirms with their password (stage `TransactionAuthorization`); without a session the
/// sign-in page is the confirmation. Run for a `TransactionConditionAdvice`, its success
/// completes the transaction for that user and keeps the session as it was.
enum ConfirmTransactionExport {
    static let source = "Sources/DemoAM/Journeys/Exports/ConfirmTransactionExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "ConfirmTransaction": {
          "tree": {
            "_id": "ConfirmTransaction",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "7ab6d286-ba4e-5e7c-bd20-ee4fa5fd0451",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "7ab6d286-ba4e-5e7c-bd20-ee4fa5fd0451": {
                "nodeType": "SessionDataNode", "displayName": "The session's user", "x": 200, "y": 120,
                "connections": {"outcome": "1f28df44-6a54-5ba4-9423-8af9af5f3c43"}
              },
              "1f28df44-6a54-5ba4-9423-8af9af5f3c43": {
                "nodeType": "IdentifyExistingUserNode", "displayName": "Signed in already?", "x": 420, "y": 120,
                "connections": {"true": "db52298c-a069-5b3d-a153-f89265b97418", "false": "2bf314f0-58f5-5d5a-ba69-bfac33881316"}
              },
              "2bf314f0-58f5-5d5a-ba69-bfac33881316": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 640, "y": 120,
                "connections": {"outcome": "379c0089-c815-530c-8106-f7a8ed49fbd7"}
              },
              "379c0089-c815-530c-8106-f7a8ed49fbd7": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the password", "x": 860, "y": 120,
                "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "db52298c-a069-5b3d-a153-f89265b97418": {
                "nodeType": "PageNode", "displayName": "Confirm with your password", "x": 1080, "y": 120,
                "connections": {"outcome": "80c36c5a-207b-52dd-9c05-477c5a29f3b7"}
              },
              "80c36c5a-207b-52dd-9c05-477c5a29f3b7": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the confirmation", "x": 1300, "y": 120,
                "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 1520, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 1520, "y": 200}
            }
          },
          "nodes": {
            "7ab6d286-ba4e-5e7c-bd20-ee4fa5fd0451": {
              "_id": "7ab6d286-ba4e-5e7c-bd20-ee4fa5fd0451",
              "_type": {"_id": "SessionDataNode", "name": "Get Session Data", "collection": true},
              "sessionDataKey": "UserToken",
              "sharedStateKey": "userName",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "1f28df44-6a54-5ba4-9423-8af9af5f3c43": {
              "_id": "1f28df44-6a54-5ba4-9423-8af9af5f3c43",
              "_type": {"_id": "IdentifyExistingUserNode", "name": "Identify Existing User", "collection": true},
              "identifier": "userName",
              "identityAttribute": "userName",
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "2bf314f0-58f5-5d5a-ba69-bfac33881316": {
              "_id": "2bf314f0-58f5-5d5a-ba69-bfac33881316",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "9c4b507d-2e57-57de-9ad8-88ae99b9ae27", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "2f1c7b28-8f10-5441-b9ac-25bbe6a06a78", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "UsernamePassword",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "379c0089-c815-530c-8106-f7a8ed49fbd7": {
              "_id": "379c0089-c815-530c-8106-f7a8ed49fbd7",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "db52298c-a069-5b3d-a153-f89265b97418": {
              "_id": "db52298c-a069-5b3d-a153-f89265b97418",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "a3b50c39-1997-5696-81f0-e523e35a17dd", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {},
              "pageDescription": {"en": "Confirm the transaction with your password."},
              "stage": "TransactionAuthorization",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "80c36c5a-207b-52dd-9c05-477c5a29f3b7": {
              "_id": "80c36c5a-207b-52dd-9c05-477c5a29f3b7",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "innerNodes": {
            "9c4b507d-2e57-57de-9ad8-88ae99b9ae27": {
              "_id": "9c4b507d-2e57-57de-9ad8-88ae99b9ae27",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "2f1c7b28-8f10-5441-b9ac-25bbe6a06a78": {
              "_id": "2f1c7b28-8f10-5441-b9ac-25bbe6a06a78",
              "_type": {"_id": "PasswordCollectorNode", "name": "Password Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "a3b50c39-1997-5696-81f0-e523e35a17dd": {
              "_id": "a3b50c39-1997-5696-81f0-e523e35a17dd",
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
