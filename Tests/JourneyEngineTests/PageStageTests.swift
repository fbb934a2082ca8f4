import JourneyEngine
import Testing

/// Platform UI's JSON stages, as frodo-cli's Identity Cloud exports hold them, read as a person
/// reads them; other stages untouched.
struct PageStageTests {
    @Test(arguments: [
        (#"{"ValidatedCreatePasswordCallback":[{"id":"3d8709a1-f09f-4d1f-8094-2850e472c1db","confirmPassword":true,"policyDisplayCheckmark":true}]}"#,
         "Platform UI: ValidatedCreatePasswordCallback (confirmPassword, policyDisplayCheckmark)"),
        (#"{"ConfirmationCallback":[{"id":"e6bf6cf7","showOnlyPositiveAnswer":true}],"ChoiceCallback":[{"id":"a","displayType":"radio"},{"id":"b","showOnlyPositiveAnswer":false}]}"#,
         "Platform UI: ConfirmationCallback (showOnlyPositiveAnswer); ChoiceCallback (displayType)"),
        (#"{"NameCallback":[{"id":"x"}]}"#, "Platform UI: NameCallback"),
        ("UsernamePassword", "UsernamePassword"),
        ("{not json", "{not json"),
        ("{}", "{}"),
    ])
    func platformUIStagesReadAsTheirHints(stage: String, readable: String) {
        #expect(PageStage.readable(stage) == readable)
    }
}
