/// The demo's `SecondFactor` journey as a frodo journey export: the sign-in page and a data store
/// decision, the level raised to 10, then a choice: the code of the user's authenticator app (AM's
/// OATH Token Verifier, the users' TOTP secret) or a one-time password emailed to them (HOTP
/// Generator, OTP Email Sender, OTP Collector Decision). Three wrong codes fail the journey.
enum SecondFactorExport {
    static let source = "Sources/DemoAM/Journeys/Exports/SecondFactorExport.swift"

    static let json = #"""
    {
      "meta": {"exportTool": "JourneyTerm: the demo AM's own journeys"},
      "trees": {
        "SecondFactor": {
          "tree": {
            "_id": "SecondFactor",
            "identityResource": "managed/user",
            "uiConfig": {},
            "entryNodeId": "aab5a15d-1f36-5484-b608-9ad83191797a",
            "innerTreeOnly": false,
            "enabled": true,
            "nodes": {
              "aab5a15d-1f36-5484-b608-9ad83191797a": {
                "nodeType": "PageNode", "displayName": "Sign In", "x": 200, "y": 120,
                "connections": {"outcome": "521e7fe3-bc33-5501-8f17-34ff7ebe77e2"}
              },
              "521e7fe3-bc33-5501-8f17-34ff7ebe77e2": {
                "nodeType": "DataStoreDecisionNode", "displayName": "Check the password", "x": 420, "y": 120,
                "connections": {"true": "0a0052d5-0e2e-5a8f-a0c6-d99a70ad9fe3", "false": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "0a0052d5-0e2e-5a8f-a0c6-d99a70ad9fe3": {
                "nodeType": "ModifyAuthLevelNode", "displayName": "Level 10", "x": 640, "y": 120,
                "connections": {"outcome": "6f0885d3-2645-5f44-ab2d-6b0dd3cefd47"}
              },
              "6f0885d3-2645-5f44-ab2d-6b0dd3cefd47": {
                "nodeType": "PageNode", "displayName": "Choose a second factor", "x": 860, "y": 120,
                "connections": {"Authenticator app": "e181bce4-e74a-5133-9b41-ed0f7d5e6ec6", "Email": "7f473ee4-4eed-518a-813d-13e1d904c334"}
              },
              "e181bce4-e74a-5133-9b41-ed0f7d5e6ec6": {
                "nodeType": "PageNode", "displayName": "One-time code", "x": 1080, "y": 120,
                "connections": {"successOutcome": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "failureOutcome": "507affd0-a1cc-571b-a2da-0547328ab319", "notRegisteredOutcome": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "507affd0-a1cc-571b-a2da-0547328ab319": {
                "nodeType": "RetryLimitDecisionNode", "displayName": "Three tries at the app's code", "x": 1300, "y": 120,
                "connections": {"Retry": "e181bce4-e74a-5133-9b41-ed0f7d5e6ec6", "Reject": "e301438c-0bd0-429c-ab0c-66126501069a"}
              },
              "7f473ee4-4eed-518a-813d-13e1d904c334": {
                "nodeType": "OneTimePasswordGeneratorNode", "displayName": "Make a code", "x": 1520, "y": 120,
                "connections": {"outcome": "cdb2fb8c-cbd4-51ed-ad73-4a8d9d31bfb3"}
              },
              "cdb2fb8c-cbd4-51ed-ad73-4a8d9d31bfb3": {
                "nodeType": "OneTimePasswordSmtpSenderNode", "displayName": "Email the code", "x": 1740, "y": 120,
                "connections": {"outcome": "bfdcde46-a183-5929-82aa-f80a6a36b12b"}
              },
              "bfdcde46-a183-5929-82aa-f80a6a36b12b": {
                "nodeType": "PageNode", "displayName": "Emailed code", "x": 1960, "y": 120,
                "connections": {"true": "70e691a5-1e33-4ac3-a356-e7b6d60d92e0", "false": "feeefe2b-9ef8-5ab1-9ca5-6198e4acb964"}
              },
              "feeefe2b-9ef8-5ab1-9ca5-6198e4acb964": {
                "nodeType": "RetryLimitDecisionNode", "displayName": "Three tries at the emailed code", "x": 2180, "y": 120,
                "connections": {"Retry": "bfdcde46-a183-5929-82aa-f80a6a36b12b", "Reject": "e301438c-0bd0-429c-ab0c-66126501069a"}
              }
            },
            "staticNodes": {
              "startNode": {"x": 50, "y": 120},
              "70e691a5-1e33-4ac3-a356-e7b6d60d92e0": {"x": 2400, "y": 60},
              "e301438c-0bd0-429c-ab0c-66126501069a": {"x": 2400, "y": 200}
            }
          },
          "nodes": {
            "aab5a15d-1f36-5484-b608-9ad83191797a": {
              "_id": "aab5a15d-1f36-5484-b608-9ad83191797a",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "e5fce0b5-b0a3-5cc4-a158-1b4e78aad77f", "displayName": "User Name", "nodeType": "UsernameCollectorNode"},
                {"_id": "68142d3f-a9a5-5295-bc0c-1790ad6ece6f", "displayName": "Password", "nodeType": "PasswordCollectorNode"}
              ],
              "pageHeader": {"en": "Sign In", "fr": "Connexion"},
              "pageDescription": {"en": "Sign in with a demo account.<br>{{demo:usersListed}}"},
              "stage": "UsernamePassword",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "521e7fe3-bc33-5501-8f17-34ff7ebe77e2": {
              "_id": "521e7fe3-bc33-5501-8f17-34ff7ebe77e2",
              "_type": {"_id": "DataStoreDecisionNode", "name": "Data Store Decision", "collection": true},
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "0a0052d5-0e2e-5a8f-a0c6-d99a70ad9fe3": {
              "_id": "0a0052d5-0e2e-5a8f-a0c6-d99a70ad9fe3",
              "_type": {"_id": "ModifyAuthLevelNode", "name": "Modify Auth Level", "collection": true},
              "authLevelIncrement": 10,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "6f0885d3-2645-5f44-ab2d-6b0dd3cefd47": {
              "_id": "6f0885d3-2645-5f44-ab2d-6b0dd3cefd47",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "3c98be84-7094-5f86-8aaf-4c67f265681e", "displayName": "Authenticator app or email", "nodeType": "ChoiceCollectorNode"}
              ],
              "pageHeader": {},
              "pageDescription": {},
              "stage": "SecondFactorChoice",
              "_outcomes": [{"id": "Authenticator app", "displayName": "Authenticator app"}, {"id": "Email", "displayName": "Email"}]
            },
            "e181bce4-e74a-5133-9b41-ed0f7d5e6ec6": {
              "_id": "e181bce4-e74a-5133-9b41-ed0f7d5e6ec6",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "38007173-81b9-5e72-b2be-3e56a19b872c", "displayName": "Authenticator app", "nodeType": "OathTokenVerifierNode"}
              ],
              "pageHeader": {},
              "pageDescription": {"en": "Enter the code your authenticator app shows. {{demo:codeShown}}"},
              "stage": "OneTimePassword",
              "_outcomes": [{"id": "successOutcome", "displayName": "Success"}, {"id": "failureOutcome", "displayName": "Failure"}, {"id": "notRegisteredOutcome", "displayName": "Not registered"}]
            },
            "507affd0-a1cc-571b-a2da-0547328ab319": {
              "_id": "507affd0-a1cc-571b-a2da-0547328ab319",
              "_type": {"_id": "RetryLimitDecisionNode", "name": "Retry Limit Decision", "collection": true},
              "retryLimit": 2,
              "incrementUserAttributeOnFailure": false,
              "_outcomes": [{"id": "Retry", "displayName": "Retry"}, {"id": "Reject", "displayName": "Reject"}]
            },
            "7f473ee4-4eed-518a-813d-13e1d904c334": {
              "_id": "7f473ee4-4eed-518a-813d-13e1d904c334",
              "_type": {"_id": "OneTimePasswordGeneratorNode", "name": "HOTP Generator", "collection": true},
              "length": 6,
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "cdb2fb8c-cbd4-51ed-ad73-4a8d9d31bfb3": {
              "_id": "cdb2fb8c-cbd4-51ed-ad73-4a8d9d31bfb3",
              "_type": {"_id": "OneTimePasswordSmtpSenderNode", "name": "OneTimePasswordSmtpSenderNode", "collection": true},
              "emailAttribute": "mail",
              "emailSubject": {"en": "Your sign-in code"},
              "emailContent": {"en": "Your one-time password: {{OTP}}"},
              "fromEmailAddress": "no-reply@demo-am.example",
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "bfdcde46-a183-5929-82aa-f80a6a36b12b": {
              "_id": "bfdcde46-a183-5929-82aa-f80a6a36b12b",
              "_type": {"_id": "PageNode", "name": "Page Node", "collection": true},
              "nodes": [
                {"_id": "786a4f7a-b92c-5edb-9be2-fe7d98f2e879", "displayName": "One Time Password", "nodeType": "OneTimePasswordCollectorDecisionNode"}
              ],
              "pageHeader": {},
              "pageDescription": {"en": "We emailed you a one-time password. {{demo:mailShown}}"},
              "stage": "OneTimePasswordEmail",
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            },
            "feeefe2b-9ef8-5ab1-9ca5-6198e4acb964": {
              "_id": "feeefe2b-9ef8-5ab1-9ca5-6198e4acb964",
              "_type": {"_id": "RetryLimitDecisionNode", "name": "Retry Limit Decision", "collection": true},
              "retryLimit": 2,
              "incrementUserAttributeOnFailure": false,
              "_outcomes": [{"id": "Retry", "displayName": "Retry"}, {"id": "Reject", "displayName": "Reject"}]
            }
          },
          "innerNodes": {
            "e5fce0b5-b0a3-5cc4-a158-1b4e78aad77f": {
              "_id": "e5fce0b5-b0a3-5cc4-a158-1b4e78aad77f",
              "_type": {"_id": "UsernameCollectorNode", "name": "Username Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "68142d3f-a9a5-5295-bc0c-1790ad6ece6f": {
              "_id": "68142d3f-a9a5-5295-bc0c-1790ad6ece6f",
              "_type": {"_id": "PasswordCollectorNode", "name": "Password Collector", "collection": true},
              "_outcomes": [{"id": "outcome", "displayName": "Outcome"}]
            },
            "3c98be84-7094-5f86-8aaf-4c67f265681e": {
              "_id": "3c98be84-7094-5f86-8aaf-4c67f265681e",
              "_type": {"_id": "ChoiceCollectorNode", "name": "Choice Collector", "collection": true},
              "prompt": "Choose a second factor",
              "choices": ["Authenticator app", "Email"],
              "defaultChoice": "Authenticator app",
              "_outcomes": [{"id": "Authenticator app", "displayName": "Authenticator app"}, {"id": "Email", "displayName": "Email"}]
            },
            "38007173-81b9-5e72-b2be-3e56a19b872c": {
              "_id": "38007173-81b9-5e72-b2be-3e56a19b872c",
              "_type": {"_id": "OathTokenVerifierNode", "name": "OATH Token Verifier", "collection": true},
              "algorithm": "TOTP",
              "totpTimeInterval": 30,
              "totpTimeSteps": 1,
              "totpHashAlgorithm": "HMAC_SHA1",
              "maximumAllowedClockDrift": 5,
              "hotpWindowSize": 100,
              "isRecoveryCodeAllowed": false,
              "_outcomes": [{"id": "successOutcome", "displayName": "Success"}, {"id": "failureOutcome", "displayName": "Failure"}, {"id": "notRegisteredOutcome", "displayName": "Not registered"}]
            },
            "786a4f7a-b92c-5edb-9be2-fe7d98f2e879": {
              "_id": "786a4f7a-b92c-5edb-9be2-fe7d98f2e879",
              "_type": {"_id": "OneTimePasswordCollectorDecisionNode", "name": "OneTimePasswordCollectorDecisionNode", "collection": true},
              "passwordExpiryTime": 5,
              "_outcomes": [{"id": "true", "displayName": "True"}, {"id": "false", "displayName": "False"}]
            }
          },
          "scripts": {}, "emailTemplates": {}, "socialIdentityProviders": {}, "themes": [], "saml2Entities": {}, "circlesOfTrust": {}
        }
      }
    }
    """#
}
