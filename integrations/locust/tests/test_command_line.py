"""Test paths never become options of journey load --worker (issue 29)."""

import unittest

from harness import LocustTestCase

HEADLESS = ["--headless", "--users", "1", "--spawn-rate", "1", "--run-time", "3s"]


class CommandLineTests(LocustTestCase):

    def test_d_a_path_that_starts_with_a_dash_is_refused(self):
        config = self.folder / "locust.conf"
        config.write_text("journey-tests = a.yaml --url=http://evil.example/am\n")
        for name, arguments in (("tests", ["--journey-tests", "a.yaml --i-own-this-server"]),
                                ("config-file", ["--config", str(config)]),
                                ("url", ["--journey-url=--i-own-this-server"])):
            with self.subTest(name):
                process = self.start_locust(name, *HEADLESS, *arguments)
                self.assertNotEqual(process.wait(timeout=30), 0, self.log_of(name))
                self.assertIn("cannot start with '-'", self.log_of(name))
                self.assertEqual(self.started(), [])


if __name__ == "__main__":
    unittest.main()
