/// The demo's `StepUp` journey as a frodo journey export: the user of the caller's session (Get
/// Session Data, Identify Existing User), else the sign-in page; then the level raised to 2 and
/// the code of the user's authenticator app (OATH Token Verifier). Three wrong codes fail it. Run
/// with a session, its success upgrades that session in place.
enum StepUpExport {
    static let source = "Sources/DemoAM/Journeys/Exports/StepUpExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "StepUp": {
          "tree": {
            "_id": "StepUp",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "4f414607-0e39-57c3-aa38-dc49e463126b",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "4f414607-0e39-57c3-aa38-dc49e463126b": {
                "nodeType": "SessionDataNode", "displayName": "The session's user", "x": 200, "y": 120,
                "connections": {"outcome": "886d7b8e-f9d1-5b6c-bc18-fddb7228ac3b"}
              },
              "886d7b8e-f9d1-5b6c-bc18-fddb7228ac3b": {
                "nodeType": "IdentifyExistingUserNode", "displayName": "Signed in already?", "x": 420, "y": 120,
                "connections": {"true": "689faca0-a749-533f-9f71-e45a86b1c61f", "false": "862e45a6-bd94-53c2-b6b8-cdf1c7ca1985"}
              },
              "862e45a6-bd94-53c2-b6b8-cdf1c7ca1985": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 640, "y": 120,
                "connections": {"outcome": "dd10ca6b-b00d-5291-ab56-2270b00ebe61"}
              },
              "dd10ca6b-b00d-5291-ab56-2270b00ebe61": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the password", "x": 860, "y": 120,
                "connections": {"true": "689faca0-a749-533f-9f71-e45a86b1c61f", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "689faca0-a749-533f-9f71-e45a86b1c61f": {
                "nodeType": "ModifyAuthLevelNode", "displayName": "Level 2", "x": 1080, "y": 120,
                "connections": {"outcome": "d90d06bd-8204-5efd-8713-430a3e720a74"}
              },
              "d90d06bd-8204-5efd-8713-430a3e720a74": {
                "nodeType": "PageNode", "displayName": "One-time code", "x": 1300, "y": 120,
                "connections": {"successOutcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "failureOutcome": "a9885179-78b2-588e-9b7d-6363d1fdfe0a", "notRegisteredOutcome": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "a9885179-78b2-588e-9b7d-6363d1fdfe0a": {
                "nodeType": "RetryLimitDecisionNode", "displayName": "Three tries", "x": 1520, "y": 120,
                "connections": {"Retry": "d90d06bd-8204-5efd-8713-430a3e720a74", "Reject": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 1740, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 1740, "y": 200}
            }
          },
          "nodes": {
            "4f414607-0e39-57c3-aa38-dc49e463126b": {
              "_id": "4f414607-0e39-57c3-aa38-dc49e463126b",
              "_type": {"_id": "SessionDataNode", "name": "Get Session Data", "collection": true},
              "sessionDataKey": "UserToken",
              "sharedStateKey": "userName",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "886d7b8e-f9d1-5b6c-bc18-fddb7228ac3b": {
              "_id": "886d7b8e-f9d1-5b6c-bc18-fddb7228ac3b",
              "_type": {"_id": "IdentifyExistingUserNode", "name": "Identify Existing User", "collection": true},
              "identifier": "userName",
              "identityAttribute": "userName",
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "862e45a6-bd94-53c2-b6b8-cdf1c7ca1985": {
              "_id": "862e45a6-bd94-53c2-b6b8-cdf1c7ca1985",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "288f45aa-c2df-5ef8-ab64-980971b78ce5", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "50b835c2-05c1-5d84-a7b4-c60690cfd076", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "UsernamePassword",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "dd10ca6b-b00d-5291-ab56-2270b00ebe61": {
              "_id": "dd10ca6b-b00d-5291-ab56-2270b00ebe61",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "689faca0-a749-533f-9f71-e45a86b1c61f": {
              "_id": "689faca0-a749-533f-9f71-e45a86b1c61f",
              "_type": {"_id": "ModifyAuthLevelNode", "name": "Modify Auth Level", "collection": true},
              "authLevelIncrement": 2,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "d90d06bd-8204-5efd-8713-430a3e720a74": {
              "_id": "d90d06bd-8204-5efd-8713-430a3e720a74",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "cb70324c-f749-5eea-842f-1c8e56e629d8", "displayName": "Authenticator app", "nodeType": "OathTokenVerifierNode"}
              ],
              "pageHeader": {},
              "pageDescription": {"en": "This needs a stronger sign-in: enter the code your authenticator app shows. {{demo:codeShown}}"},
              "stage": "StepUp",
              "_outcomes": [{"id": "successOutcome", "displayName": "Success"}, {"id": "failureOutcome", "displayName": "Failure"}, {"id": "notRegisteredOutcome", "displayName": "Not registered"}]
            },
            "a9885179-78b2-588e-9b7d-6363d1fdfe0a": {
              "_id": "a9885179-78b2-588e-9b7d-6363d1fdfe0a",
              "_type": {"_id": "RetryLimitDecisionNode", "name": "Retry Limit Decision", "collection": true},
              "retryLimit": 2,
              "incrementUserAttributeOnFailure": false,
              "_outcomes": [{"id": "Retry", "displayName": "Retry"}, {"id": "Reject", "displayName": "Reject"}]
            }
          },
          "innerNodes": {
            "288f45aa-c2df-5ef8-ab64-980971b78ce5": {
              "_id": "288f45aa-c2df-5ef8-ab64-980971b78ce5",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "50b835c2-05c1-5d84-a7b4-c60690cfd076": {
              "_id": "50b835c2-05c1-5d84-a7b4-c60690cfd076",
              "_type": {"_id": "PasswordCollectorNode", "name": "Password Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "cb70324c-f749-5eea-842f-1c8e56e629d8": {
              "_id": "cb70324c-f749-5eea-842f-1c8e56e629d8",
              "_type": {"_id": "OathTokenVerifierNode", "name": "OATH Token Verifier", "collection": true},
              "algorithm": "TOTP",
              "totpTimeInterval": 30,
              "totpTimeSteps": 1,
              "totpHashAlgorithm": "HMAC_SHA1",
              "maximumAllowedClockDrift": 5,
              "hotpWindowSize": 100,
              "isRecoveryCodeAllowed": false,
              "_outcomes": [{"id": "successOutcome", "displayName": "Success"}, {"id": "failureOutcome", "displayName": "Failure"}, {"id": "notRegisteredOutcome", "displayName": "Not registered"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
