/// The demo's `Registration` journey as a frodo journey export: one sign-up page (Platform
/// Username and Password checked against IDM's policies, names, email and a marketing opt-in,
/// two security questions, the terms), then Create Object: the new user is signed in, and
/// `Login` works for them afterwards.
enum RegistrationExport {
    static let source = "Sources/DemoAM/Journeys/Exports/RegistrationExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "Registration": {
          "tree": {
            "_id": "Registration",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "7867391d-4e29-5ee2-816e-b7120bc3fc17",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "7867391d-4e29-5ee2-816e-b7120bc3fc17": {
                "nodeType": "PageNode", "displayName": "Sign Up", "x": 200, "y": 120,
                "connections": {"outcome": "3b030ff2-691c-57a5-aa0b-1c687e602122"}
              },
              "3b030ff2-691c-57a5-aa0b-1c687e602122": {
                "nodeType": "CreateObjectNode", "displayName": "Create the user", "x": 420, "y": 120,
                "connections": {"CREATED": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "FAILURE": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 640, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 640, "y": 200}
            }
          },
          "nodes": {
            "7867391d-4e29-5ee2-816e-b7120bc3fc17": {
              "_id": "7867391d-4e29-5ee2-816e-b7120bc3fc17",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "ae5a488d-5e47-5a41-936e-016fcb605a08", "displayName": "Username", "nodeType": "ValidatedUsernameNode"},
                {"_id": "439b7b7b-4343-57f9-a32d-2c563ef9cb96", "displayName": "Name and email", "nodeType": "AttributeCollectorNode"},
                {"_id": "03960458-e2a8-5b7d-a3f3-44ef87a99f1c", "displayName": "Preferences", "nodeType": "AttributeCollectorNode"},
                {"_id": "521c7c7a-f83f-5513-85e8-50b88ab714b7", "displayName": "Password", "nodeType": "ValidatedPasswordNode"},
                {"_id": "acadde69-2481-5945-af48-af676e6ea94b", "displayName": "Security questions", "nodeType": "KbaCreateNode"},
                {"_id": "fe81c0ed-dfb7-5ec2-b928-f3f56d481408", "displayName": "Terms and conditions", "nodeType": "AcceptTermsAndConditionsNode"}
              ],
              "pageHeader": {"en": "Sign Up"},
              "pageDescription": {"en": "Signing up is fast and easy."},
              "stage": "Registration",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "3b030ff2-691c-57a5-aa0b-1c687e602122": {
              "_id": "3b030ff2-691c-57a5-aa0b-1c687e602122",
              "_type": {"_id": "CreateObjectNode", "name": "Create Object", "collection": true},
              "identityResource": "managed/user",
              "_outcomes": [{"id": "CREATED", "displayName": "Created"}, {"id": "FAILURE", "displayName": "Failed"}]
            }
          },
          "innerNodes": {
            "ae5a488d-5e47-5a41-936e-016fcb605a08": {
              "_id": "ae5a488d-5e47-5a41-936e-016fcb605a08",
              "_type": {"_id": "ValidatedUsernameNode", "name": "Platform Username", "collection": true},
              "usernameAttribute": "userName",
              "validateInput": true,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "439b7b7b-4343-57f9-a32d-2c563ef9cb96": {
              "_id": "439b7b7b-4343-57f9-a32d-2c563ef9cb96",
              "_type": {"_id": "AttributeCollectorNode", "name": "Attribute Collector", "collection": true},
              "attributesToCollect": ["givenName", "sn", "mail"],
              "identityAttribute": "userName",
              "validateInputs": true,
              "required": true,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "03960458-e2a8-5b7d-a3f3-44ef87a99f1c": {
              "_id": "03960458-e2a8-5b7d-a3f3-44ef87a99f1c",
              "_type": {"_id": "AttributeCollectorNode", "name": "Attribute Collector", "collection": true},
              "attributesToCollect": ["preferences/marketing"],
              "identityAttribute": "userName",
              "validateInputs": false,
              "required": false,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "521c7c7a-f83f-5513-85e8-50b88ab714b7": {
              "_id": "521c7c7a-f83f-5513-85e8-50b88ab714b7",
              "_type": {"_id": "ValidatedPasswordNode", "name": "Platform Password", "collection": true},
              "passwordAttribute": "password",
              "validateInput": true,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "acadde69-2481-5945-af48-af676e6ea94b": {
              "_id": "acadde69-2481-5945-af48-af676e6ea94b",
              "_type": {"_id": "KbaCreateNode", "name": "KBA Definition", "collection": true},
              "message": {"en": "Select a security question"},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "fe81c0ed-dfb7-5ec2-b928-f3f56d481408": {
              "_id": "fe81c0ed-dfb7-5ec2-b928-f3f56d481408",
              "_type": {"_id": "AcceptTermsAndConditionsNode", "name": "Accept Terms and Conditions", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
