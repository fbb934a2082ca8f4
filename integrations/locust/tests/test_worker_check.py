"""A worker starts journey load --worker only with what its master's command line gave (issue 29).

A real headless master and real workers. The forged master imports the real locustfile and
then changes its parsed options after start, as a web form or any other path into the master
could, so its spawn messages carry a target and an ownership its command line did not give.
"""

import unittest

from harness import INTEGRATION, LocustTestCase

EVIL = "http://evil.example/am"

FORGED_MASTER = f"""
import sys
sys.path.insert(0, {str(INTEGRATION)!r})
from locust import events
from locustfile import Journeys  # noqa: F401  (its listeners come with it)


@events.init.add_listener
def _forge(environment, **_kwargs):
    environment.parsed_options.journey_url = {EVIL!r}
    environment.parsed_options.journey_i_own_this_server = True
    environment.parsed_options.journey_allow_commands = True
"""

HEADLESS = ["--headless", "--users", "2", "--spawn-rate", "10", "--run-time", "60s"]


class WorkerCheckTests(LocustTestCase):

    def wait_for_refusal(self, worker) -> str:
        self.wait_until(lambda: worker.poll() is not None, "exit of the refusing worker")
        log = self.log_of("worker")
        self.assertIn("journey load --worker refused", log)
        self.assertEqual(self.started(), [])
        return log

    def test_e_worker_refuses_a_target_its_masters_command_line_did_not_give(self):
        forged = self.folder / "forged_master.py"
        forged.write_text(FORGED_MASTER)
        self.start_master(*HEADLESS, "--expect-workers", "1", "--journey-tests", "a.yaml", web=False, locustfile=forged)
        log = self.wait_for_refusal(self.start_worker())
        self.assertIn(EVIL, log)
        self.assertIn("--journey-i-own-this-server", log)
        self.assertIn("--journey-allow-commands", log)

    def test_e_worker_refuses_a_master_whose_command_line_differs_from_its_own(self):
        self.start_master(*HEADLESS, "--expect-workers", "1", "--journey-tests", "a.yaml", web=False)
        log = self.wait_for_refusal(self.start_worker("--journey-url", "http://127.0.0.1:9/am"))
        self.assertIn("--journey-url 'http://127.0.0.1:9/am' against no --journey-url", log)

    def test_workers_run_their_masters_command_line(self):
        self.start_master(*HEADLESS, "--expect-workers", "2", "--journey-tests", "a.yaml b.yaml",
                          "--journey-url", "http://127.0.0.1:9/am", "--journey-i-own-this-server",
                          "--journey-allow-commands", web=False)
        self.start_worker()
        self.start_worker("--journey-tests", "a.yaml b.yaml", name="worker-with-tests")
        started = self.wait_until(lambda: len(self.started()) == 2 and self.started(), "start of both workers")
        expected = self.expected_argv("load", "--worker", "--url", "http://127.0.0.1:9/am", "--i-own-this-server",
                                      "--allow-commands", "--", "a.yaml", "b.yaml")
        self.assertEqual(started, [expected, expected])


if __name__ == "__main__":
    unittest.main()
