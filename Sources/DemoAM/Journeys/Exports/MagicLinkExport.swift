/// The demo's `MagicLink` journey as a frodo journey export: a user name, the user found, the
/// session's level raised to 5, then the journey suspended and its link emailed to the user's
/// address (the outbox); the link signs the user in.
enum MagicLinkExport {
    static let source = "Sources/DemoAM/Journeys/Exports/MagicLinkExport.swift"

    static let json = #"""
    {
      "meta": {
        "exportTool": "JourneyTerm: the demo AM's own journeys"
      },
      "trees": {
        "MagicLink": {
          "tree": {
            "_id": "MagicLink",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7101",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7101": {
                "nodeType": "PageNode",
                "displayName": "Who are you?",
                "x": 200,
                "y": 120,
                "connections": {
                  "outcome": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7102"
                }
              },
              "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7102": {
                "nodeType": "IdentifyExistingUserNode",
                "displayName": "Find the user",
                "x": 420,
                "y": 120,
                "connections": {
                  "true": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7103",
                  "false": "e301438c-0bd0-429c-ab0c-66126501069a"
                }
              },
              "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7103": {
                "nodeType": "ModifyAuthLevelNode",
                "displayName": "Level 5",
                "x": 640,
                "y": 120,
                "connections": {
                  "outcome": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7104"
                }
              },
              "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7104": {
                "nodeType": "EmailSuspendNode",
                "displayName": "Email a sign-in link",
                "x": 860,
                "y": 120,
                "connections": {
                  "outcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0"
                }
              }
            },
            "staticNodes": {
              "startNode": {
                "x": 50,
                "y": 120
              },
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {
                "x": 1080,
                "y": 60
              },
              "e301438c-0bd0-429c-ab0c-66126501069a": {
                "x": 1080,
                "y": 200
              }
            }
          },
          "nodes": {
            "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7101": {
              "_id": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7101",
              "_type": {
                "_id": "PageNode",
                "name": "Page Node",
                "collection": true
              },
              "nodes": [
                {
                  "_id": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7111",
                  "displayName": "User Name",
                  "nodeType": "UsernameCollectorNode"
                }
              ],
              "pageHeader": {},
              "pageDescription": {},
              "stage": "MagicLinkUsername",
              "_outcomes": [
                {
                  "id": "outcome",
                  "displayName": "Outcome"
                }
              ]
            },
            "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7102": {
              "_id": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7102",
              "_type": {
                "_id": "IdentifyExistingUserNode",
                "name": "Identify Existing User",
                "collection": true
              },
              "identifier": "userName",
              "identityAttribute": "userName",
              "_outcomes": [
                {
                  "id": "true",
                  "displayName": "True"
                },
                {
                  "id": "false",
                  "displayName": "False"
                }
              ]
            },
            "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7103": {
              "_id": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7103",
              "_type": {
                "_id": "ModifyAuthLevelNode",
                "name": "Modify Auth Level",
                "collection": true
              },
              "authLevelIncrement": 5,
              "_outcomes": [
                {
                  "id": "outcome",
                  "displayName": "Outcome"
                }
              ]
            },
            "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7104": {
              "_id": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7104",
              "_type": {
                "_id": "EmailSuspendNode",
                "name": "Email Suspend Node",
                "collection": true
              },
              "emailAttribute": "mail",
              "emailTemplateName": "sign-in",
              "identityAttribute": "userName",
              "objectLookup": true,
              "emailSuspendMessage": {
                "en": "An email has been sent to the address you entered. Click the link in that email to proceed."
              },
              "_outcomes": [
                {
                  "id": "outcome",
                  "displayName": "Outcome"
                }
              ]
            }
          },
          "innerNodes": {
            "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7111": {
              "_id": "3c9d1e7a-8b42-4f05-a6d3-5e0f9b2c7111",
              "_type": {
                "_id": "UsernameCollectorNode",
                "name": "Username Collector",
                "collection": true
              },
              "_outcomes": [
                {
                  "id": "outcome",
                  "displayName": "Outcome"
                }
              ]
            }
          },
          "scripts": {},
          "emailTemplates": {},
          "socialIdentityProviders": {},
          "themes": [],
          "saml2Entities": {},
          "circlesOfTrust": {}
        }
      }
    }
    """#
}
