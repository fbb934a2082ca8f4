"""JourneySettings and journey_command, in this process."""

import os
import sys
import unittest
from unittest import mock

from harness import INTEGRATION

sys.path.insert(0, str(INTEGRATION))
os.environ["LOCUST_SKIP_MONKEY_PATCH"] = "1"  # importing Locust must not patch this test process
try:
    from journeyterm_locust import JourneySettings, JourneyWorkerError, journey_command
finally:
    del os.environ["LOCUST_SKIP_MONKEY_PATCH"]


class SettingsTests(unittest.TestCase):

    @mock.patch.dict(os.environ, {"JOURNEY": "/opt/journey"})
    def test_paths_follow_a_double_dash(self):
        self.assertEqual(journey_command(["a.yaml", "tests"], "http://127.0.0.1:8/am", "lab", True),
                         ["/opt/journey", "load", "--worker", "--url", "http://127.0.0.1:8/am", "--profile", "lab",
                          "--i-own-this-server", "--", "a.yaml", "tests"])
        self.assertEqual(journey_command(["a.yaml"], allows_commands=True),
                         ["/opt/journey", "load", "--worker", "--allow-commands", "--", "a.yaml"])
        self.assertEqual(journey_command(["a.yaml"]), ["/opt/journey", "load", "--worker", "--", "a.yaml"])

    @mock.patch.dict(os.environ, {"JOURNEY": "/opt/journey"})
    def test_a_path_url_or_profile_that_starts_with_a_dash_is_refused(self):
        for arguments in ((["a.yaml", "--i-own-this-server"],), (["-"],), (["a.yaml"], "--i-own-this-server"),
                          (["a.yaml"], None, "--url=http://evil.example")):
            with self.subTest(arguments=arguments), self.assertRaisesRegex(JourneyWorkerError, "cannot start with '-'"):
                journey_command(*arguments)

    def test_a_masters_message_is_checked(self):
        good = {"tests": ["a.yaml"], "url": None, "profile": None, "owns_server": False, "allows_commands": False}
        self.assertEqual(JourneySettings.from_message(good), JourneySettings(("a.yaml",)))
        for bad in ({**good, "tests": "a.yaml --i-own-this-server"}, {**good, "tests": ["--url=x"]},
                    {**good, "tests": []}, {**good, "owns_server": "false"}, {**good, "url": 7},
                    {**good, "allows_commands": 1}, {key: value for key, value in good.items() if key != "allows_commands"},
                    {**good, "extra": 1}, ["a.yaml"]):
            with self.subTest(bad=bad), self.assertRaises(JourneyWorkerError):
                JourneySettings.from_message(bad)

    def test_differences_name_the_options(self):
        mine = JourneySettings(("a.yaml",), url="http://127.0.0.1:9/am")
        theirs = JourneySettings(("a.yaml",), owns_server=True, allows_commands=True)
        self.assertEqual(mine.given(), {"tests", "url"})
        self.assertEqual(mine.differences(theirs), [
            "no --journey-allow-commands against --journey-allow-commands",
            "no --journey-i-own-this-server against --journey-i-own-this-server",
            "--journey-url 'http://127.0.0.1:9/am' against no --journey-url"])
        self.assertEqual(mine.differences(theirs, mine.given()),
                         ["--journey-url 'http://127.0.0.1:9/am' against no --journey-url"])


if __name__ == "__main__":
    unittest.main()
