/// The demo's `PushApproval` journey as a frodo journey export: a user name, the user found, a
/// push notification "sent" with a number to tap (Push Sender), then Push Wait and Push Result
/// Verifier in a loop until the demo approves it by itself (`pushApprovalDelay`); the level is
/// raised to 5. Cancel fails the journey.
enum PushApprovalExport {
    static let source = "Sources/DemoAM/Journeys/Exports/PushApprovalExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "PushApproval": {
          "tree": {
            "_id": "PushApproval",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "d8cc9c96-458e-5842-8fd9-c7a1ad4ab880",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "d8cc9c96-458e-5842-8fd9-c7a1ad4ab880": {
                "nodeType": "PageNode", "displayName": "Who are you?", "x": 200, "y": 120,
                "connections": {"outcome": "e99d984b-b381-5414-8bdc-def6672755ac"}
              },
              "e99d984b-b381-5414-8bdc-def6672755ac": {
                "nodeType": "IdentifyExistingUserNode", "displayName": "Find the user", "x": 420, "y": 120,
                "connections": {"true": "7af2de35-25c9-53b6-bfb8-1c518b28034f", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "7af2de35-25c9-53b6-bfb8-1c518b28034f": {
                "nodeType": "PushAuthenticationSenderNode", "displayName": "Push to the phone", "x": 640, "y": 120,
                "connections": {"SENT": "073f40a3-3b87-55e2-89ab-c998d563155c", "NOT_REGISTERED": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "073f40a3-3b87-55e2-89ab-c998d563155c": {
                "nodeType": "PageNode", "displayName": "Waiting for approval", "x": 860, "y": 120,
                "connections": {"DONE": "35730057-a65e-55fe-a163-09a6c9fb44ea", "EXITED": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "35730057-a65e-55fe-a163-09a6c9fb44ea": {
                "nodeType": "PushResultVerifierNode", "displayName": "Approved?", "x": 1080, "y": 120,
                "connections": {"TRUE": "e767715e-b3c6-5b99-a971-8ae148210d06", "FALSE": "e301438c-0bd0-429c-ab0c-66126501069a", "EXPIRED": "e301438c-0bd0-429c-ab0c-66126501069a", "WAITING": "073f40a3-3b87-55e2-89ab-c998d563155c"}
              },
              "e767715e-b3c6-5b99-a971-8ae148210d06": {
                "nodeType": "ModifyAuthLevelNode", "displayName": "Level 5", "x": 1300, "y": 120,
                "connections": {"outcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 1520, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 1520, "y": 200}
            }
          },
          "nodes": {
            "d8cc9c96-458e-5842-8fd9-c7a1ad4ab880": {
              "_id": "d8cc9c96-458e-5842-8fd9-c7a1ad4ab880",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "4af2c40c-afb4-5475-82f5-c18affa3ef0e", "displayName": "User Name", "nodeType": "UsernameCollectorNode"}
              ],
              "pageHeader": {},
              "pageDescription": {"en": "We will send a push notification to your phone. {{demo:pushApproved}}"},
              "stage": "PushStart",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "e99d984b-b381-5414-8bdc-def6672755ac": {
              "_id": "e99d984b-b381-5414-8bdc-def6672755ac",
              "_type": {"_id": "IdentifyExistingUserNode", "name": "Identify Existing User", "collection": true},
              "identifier": "userName",
              "identityAttribute": "userName",
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "7af2de35-25c9-53b6-bfb8-1c518b28034f": {
              "_id": "7af2de35-25c9-53b6-bfb8-1c518b28034f",
              "_type": {"_id": "PushAuthenticationSenderNode", "name": "Push Sender", "collection": true},
              "messageTimeout": 120000,
              "pushType": "CHALLENGE",
              "userMessage": {},
              "mandatory": true,
              "contextInfo": false,
              "_outcomes": [{"id": "SENT", "displayName": "Sent"}, {"id": "NOT_REGISTERED", "displayName": "Not Registered"}]
            },
            "073f40a3-3b87-55e2-89ab-c998d563155c": {
              "_id": "073f40a3-3b87-55e2-89ab-c998d563155c",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "b2663243-c1c8-585e-9718-b5eff8b2ae3a", "displayName": "Wait for the phone", "nodeType": "PushWaitNode"}
              ],
              "pageHeader": {},
              "pageDescription": {},
              "stage": "PushWait",
              "_outcomes": [{"id": "DONE", "displayName": "Done"}, {"id": "EXITED", "displayName": "Exit"}]
            },
            "35730057-a65e-55fe-a163-09a6c9fb44ea": {
              "_id": "35730057-a65e-55fe-a163-09a6c9fb44ea",
              "_type": {"_id": "PushResultVerifierNode", "name": "Push Result Verifier", "collection": true},
              "_outcomes": [{"id": "TRUE", "displayName": "Success"}, {"id": "FALSE", "displayName": "Failure"}, {"id": "EXPIRED", "displayName": "Expired"}, {"id": "WAITING", "displayName": "Waiting"}]
            },
            "e767715e-b3c6-5b99-a971-8ae148210d06": {
              "_id": "e767715e-b3c6-5b99-a971-8ae148210d06",
              "_type": {"_id": "ModifyAuthLevelNode", "name": "Modify Auth Level", "collection": true},
              "authLevelIncrement": 5,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            }
          },
          "innerNodes": {
            "4af2c40c-afb4-5475-82f5-c18affa3ef0e": {
              "_id": "4af2c40c-afb4-5475-82f5-c18affa3ef0e",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "b2663243-c1c8-585e-9718-b5eff8b2ae3a": {
              "_id": "b2663243-c1c8-585e-9718-b5eff8b2ae3a",
              "_type": {"_id": "PushWaitNode", "name": "Push Wait", "collection": true},
              "secondsToWait": 1,
              "challengeMessage": {},
              "waitingMessage": {},
              "exitMessage": {},
              "_outcomes": [{"id": "DONE", "displayName": "Done"}, {"id": "EXITED", "displayName": "Exit"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
