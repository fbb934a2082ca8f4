"""Locust's web UI sets users, spawn rate and run time only (issue 29).

A real master, its web UI on loopback, with one real worker started with no journey options;
/swarm is posted to as the stock UI does and as an attacker would.
"""

import json
import unittest

from harness import STOCK_FORM, LocustTestCase

TESTS = "a.yaml b.yaml"
EVIL = "http://evil.example/am"


class WebFormTests(LocustTestCase):

    def start(self, *arguments: str) -> None:
        self.start_master("--journey-tests", TESTS, *arguments)
        self.start_worker()
        self.wait_for_workers(1)

    def start_run(self, form=STOCK_FORM) -> tuple[list[list[str]], dict]:
        """Posts FORM to /swarm, which must start the run; the fake journey's starts and the answer."""
        status, answer = self.post("/swarm", form)
        self.assertEqual(status, 200, f"{answer}\n{self.logs()}")
        self.assertIs(answer.get("success"), True, answer)
        return self.wait_until(self.started, "start of journey load --worker"), answer

    def test_a_form_cannot_set_the_target_the_ownership_or_another_option(self):
        self.start()
        for extra in ([("journey_url", EVIL)],
                      [("journey_i_own_this_server", "true")],
                      [("journey_url", EVIL), ("journey_i_own_this_server", "true")],
                      [("journey_profile", "prod")],
                      [("journey_allow_commands", "true")],
                      [("tags", "anything")]):  # one of Locust's own options, which reach workers too
            with self.subTest(extra=extra):
                status, answer = self.post("/swarm", STOCK_FORM + extra)
                self.assertEqual(status, 400, f"{answer}\n{self.logs()}")
                self.assertIs(answer["success"], False)
                for key, _ in extra:
                    self.assertIn(key, answer["message"])
                self.assertEqual(self.started(), [])
        started, _ = self.start_run()
        self.assertEqual(started, [self.expected_argv("load", "--worker", "--", "a.yaml", "b.yaml")])

    def test_b_tests_field_cannot_add_options(self):
        self.start()
        status, answer = self.post("/swarm", STOCK_FORM + [("journey_tests", f"a.yaml --i-own-this-server --url={EVIL}")])
        self.assertEqual(status, 400, f"{answer}\n{self.logs()}")
        self.assertIs(answer["success"], False)
        self.assertIn("journey_tests", answer["message"])
        self.assertNotIn("journey_tests", self.get("/"), "the web UI shows --journey-tests")
        started, _ = self.start_run()
        for argv in started:
            self.assertNotIn("--i-own-this-server", argv)
            self.assertFalse([word for word in argv if EVIL in word], argv)
        self.assertEqual(started, [self.expected_argv("load", "--worker", "--", "a.yaml", "b.yaml")])

    def test_c_stock_form_starts_the_run_from_the_command_line(self):
        self.start("--journey-url", "http://127.0.0.1:9/am", "--journey-profile", "lab", "--journey-i-own-this-server")
        started, _ = self.start_run()
        self.assertEqual(started, [self.expected_argv(
            "load", "--worker", "--url", "http://127.0.0.1:9/am", "--profile", "lab", "--i-own-this-server",
            "--", "a.yaml", "b.yaml")])

        def steps_counted() -> bool:
            rows = json.loads(self.get("/stats/requests"))["stats"]
            return any(row["name"] == "t · start" and row["num_requests"] > 0 for row in rows)
        self.wait_until(steps_counted, "step reported to Locust")

    def test_c_stock_fields_change_nothing_but_users_rate_and_time(self):
        self.start()
        _, answer = self.start_run([("user_count", "1"), ("spawn_rate", "1"), ("host", EVIL),
                                    ("run_time", "5m"), ("profile", "prod")])
        self.assertIsNone(answer["host"], "Locust's host was changed by the form")
        self.assertEqual(answer["run_time"], 300)
        # The Edit form of a running test.
        status, answer = self.post("/swarm", [("user_count", "2"), ("spawn_rate", "1")])
        self.assertEqual((status, answer["success"]), (200, True), answer)
        self.assertEqual(self.started(), [self.expected_argv("load", "--worker", "--", "a.yaml", "b.yaml")])

    def test_user_classes_cannot_be_edited(self):
        self.start()
        status, answer = self.post("/user", json_body={"user_class_name": "Journeys", "wait_time": 1})
        self.assertEqual(status, 400, answer)
        self.assertIs(answer["success"], False)


if __name__ == "__main__":
    unittest.main()
