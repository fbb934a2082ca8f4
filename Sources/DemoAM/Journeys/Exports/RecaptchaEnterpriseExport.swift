/// The demo's `RecaptchaEnterprise` journey as a frodo journey export: the sign-in page and a data
/// store decision, then AM's reCAPTCHA Enterprise node on a page of its own, as the JavaScript
/// SDK's e2e mock AM has it. A client error or an empty token fails; any token signs in.
enum RecaptchaEnterpriseExport {
    static let source = "Sources/DemoAM/Journeys/Exports/RecaptchaEnterpriseExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "RecaptchaEnterprise": {
          "tree": {
            "_id": "RecaptchaEnterprise",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "856fc7eb-a3be-530b-a74f-f09334556f6f",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "856fc7eb-a3be-530b-a74f-f09334556f6f": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 200, "y": 120,
                "connections": {"outcome": "1fe3e586-fbdc-55d3-880f-c8ca02a1736e"}
              },
              "1fe3e586-fbdc-55d3-880f-c8ca02a1736e": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the password", "x": 420, "y": 120,
                "connections": {"true": "aeec638a-7f62-5b3f-b099-10b1be8b1f05", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "aeec638a-7f62-5b3f-b099-10b1be8b1f05": {
                "nodeType": "PageNode", "displayName": "reCAPTCHA Enterprise", "x": 640, "y": 120,
                "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 860, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 860, "y": 200}
            }
          },
          "nodes": {
            "856fc7eb-a3be-530b-a74f-f09334556f6f": {
              "_id": "856fc7eb-a3be-530b-a74f-f09334556f6f",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "af1ecac3-c1db-5c97-bedb-8eb47ab52acf", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "c478fdf1-fbc5-5bc8-bee6-b59f3770a865", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "UsernamePassword",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "1fe3e586-fbdc-55d3-880f-c8ca02a1736e": {
              "_id": "1fe3e586-fbdc-55d3-880f-c8ca02a1736e",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "aeec638a-7f62-5b3f-b099-10b1be8b1f05": {
              "_id": "aeec638a-7f62-5b3f-b099-10b1be8b1f05",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "8a1b0e1d-3708-58d6-abe1-5b20447e837d", "displayName": "reCAPTCHA Enterprise", "nodeType": "product-CaptchaEnterpriseNode"}
              ],
              "pageHeader": {},
              "pageDescription": {},
              "stage": "RecaptchaEnterprise",
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "innerNodes": {
            "af1ecac3-c1db-5c97-bedb-8eb47ab52acf": {
              "_id": "af1ecac3-c1db-5c97-bedb-8eb47ab52acf",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "c478fdf1-fbc5-5bc8-bee6-b59f3770a865": {
              "_id": "c478fdf1-fbc5-5bc8-bee6-b59f3770a865",
              "_type": {"_id": "PasswordCollectorNode", "name": "Password Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "8a1b0e1d-3708-58d6-abe1-5b20447e837d": {
              "_id": "8a1b0e1d-3708-58d6-abe1-5b20447e837d",
              "_type": {"_id": "product-CaptchaEnterpriseNode", "name": "reCAPTCHA Enterprise", "collection": true},
              "siteKey": "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
              "projectId": "journeyterm-demo",
              "scoreThreshold": "0.5",
              "apiUri": "https://www.google.com/recaptcha/enterprise.js",
              "divClass": "g-recaptcha",
              "storeAssessmentResult": false,
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
