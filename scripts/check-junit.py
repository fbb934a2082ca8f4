#!/usr/bin/env python3
"""Checks a JUnit XML report as CI systems read it: well-formed, testsuites > testsuite >
testcase, the tests/failures counts of each element match its testcases, and every failure
has a message. Usage: check-junit.py FILE"""
import sys
import xml.etree.ElementTree as ET


def check(path):
    problems = []
    root = ET.parse(path).getroot()
    if root.tag != "testsuites":
        return [f"the root is <{root.tag}>, not <testsuites>"]
    all_cases = []
    for suite in root:
        if suite.tag != "testsuite":
            problems.append(f"<testsuites> holds <{suite.tag}>")
            continue
        cases = list(suite)
        name = suite.get("name")
        for case in cases:
            if case.tag != "testcase":
                problems.append(f"testsuite {name} holds <{case.tag}>")
            elif not case.get("name"):
                problems.append(f"a testcase of {name} has no name")
        problems += counts(f"testsuite {name}", suite, cases)
        all_cases += cases
    problems += counts("testsuites", root, all_cases)
    for case in all_cases:
        for failure in case.findall("failure"):
            if not failure.get("message"):
                problems.append(f"the failure of {case.get('name')} has no message")
    if not all_cases:
        problems.append("no testcase")
    return problems


def counts(label, element, cases):
    failed = sum(1 for case in cases if case.find("failure") is not None)
    problems = []
    if element.get("tests") != str(len(cases)):
        problems.append(f"{label}: tests=\"{element.get('tests')}\" but it holds {len(cases)} testcases")
    if element.get("failures") != str(failed):
        problems.append(f"{label}: failures=\"{element.get('failures')}\" but {failed} testcases failed")
    return problems


if __name__ == "__main__":
    try:
        found = check(sys.argv[1])
    except (ET.ParseError, OSError, IndexError) as error:
        found = [f"cannot read the report: {error}"]
    for problem in found:
        print(f"check-junit: {problem}", file=sys.stderr)
    if not found:
        print(f"check-junit: {sys.argv[1]} is valid JUnit XML")
    sys.exit(1 if found else 0)
