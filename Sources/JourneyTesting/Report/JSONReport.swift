import Orchestrate

/// `--json`: one JSON object per test case, on one line each.
public enum JSONReport {
    public static func object(for result: CaseResult) -> JSONValue {
        var object: JSONObject = [
            "name": .string(result.test),
            "file": .string(result.file),
            "passed": .bool(result.passed),
            "durationMs": .double(result.duration.milliseconds.rounded()),
            "steps": .array(result.steps.map { step in
                .object(["step": .int(step.step), "stage": step.stage.map(JSONValue.string) ?? .null,
                         "durationMs": .double(step.duration.milliseconds.rounded())])
            }),
            "failures": .array(result.failures.map { failure in
                .object(["step": failure.step.map(JSONValue.int) ?? .null, "expectation": .string(failure.expectation),
                         "expected": .string(failure.expected), "got": .string(failure.got), "message": .string(failure.message),
                         "details": .array(failure.details.map(JSONValue.string))])
            }),
        ]
        if let label = result.caseLabel { object["case"] = .string(label) }
        return .object(object)
    }
}
