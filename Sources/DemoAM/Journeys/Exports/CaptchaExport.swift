/// The demo's `Captcha` journey as a frodo journey export: one page of a user name, a password and
/// AM's CAPTCHA node (reCAPTCHA v2 with Google's test site key), then a data store decision.
/// No token stops the journey with AM's reason; any token and the right password sign in.
enum CaptchaExport {
    static let source = "Sources/DemoAM/Journeys/Exports/CaptchaExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "Captcha": {
          "tree": {
            "_id": "Captcha",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "02cdc34a-80f0-5f50-927d-b476abdc7204",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "02cdc34a-80f0-5f50-927d-b476abdc7204": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 200, "y": 120,
                "connections": {"true": "5aa32a4a-efb0-5934-b77d-379dfb3accfa", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "5aa32a4a-efb0-5934-b77d-379dfb3accfa": {
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
            "02cdc34a-80f0-5f50-927d-b476abdc7204": {
              "_id": "02cdc34a-80f0-5f50-927d-b476abdc7204",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "5576ee48-66e2-569b-a782-f182f5f91480", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "24e4a73e-510c-57d2-b38d-ca9565d43cd2", "displayName": "Password", "nodeType": "PasswordCollectorNode"},
                {"_id": "212d4eb6-8ee1-5374-8a72-4476375421ae", "displayName": "reCAPTCHA", "nodeType": "product-CaptchaNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "CaptchaLogin",
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "5aa32a4a-efb0-5934-b77d-379dfb3accfa": {
              "_id": "5aa32a4a-efb0-5934-b77d-379dfb3accfa",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "innerNodes": {
            "5576ee48-66e2-569b-a782-f182f5f91480": {
              "_id": "5576ee48-66e2-569b-a782-f182f5f91480",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "24e4a73e-510c-57d2-b38d-ca9565d43cd2": {
              "_id": "24e4a73e-510c-57d2-b38d-ca9565d43cd2",
              "_type": {"_id": "PasswordCollectorNode", "name": "Password Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "212d4eb6-8ee1-5374-8a72-4476375421ae": {
              "_id": "212d4eb6-8ee1-5374-8a72-4476375421ae",
              "_type": {"_id": "product-CaptchaNode", "name": "CAPTCHA", "collection": true},
              "siteKey": "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
              "secretKey": null,
              "captchaUri": "https://www.google.com/recaptcha/api/siteverify",
              "apiUri": "https://www.google.com/recaptcha/api.js",
              "divClass": "g-recaptcha",
              "reCaptchaV3": false,
              "scoreThreshold": "0.0",
              "disableSubmission": false,
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
