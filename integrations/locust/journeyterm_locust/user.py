"""The Locust user that runs journey test cases, and the failure it reports for a case that
did not pass.

Every step of a case is reported to Locust as a request named after the test and the step's
page (a test's cases add up under its name), and the whole journey as one more, so Locust's
statistics, charts, CSV files and thresholds see the journey step by step.
"""

from __future__ import annotations

from typing import Any

from locust import User, constant, task
from locust.exception import StopUser

from .errors import JourneyWorkerError
from .worker import shared_worker


class JourneyUser(User):
    """Runs the journey tests' cases in turn, one after the other, each step a Locust request.

    Subclass it in a locustfile (``class Journeys(JourneyUser): pass``) and set ``wait_time``
    there for think time between journeys.
    """

    abstract = True
    wait_time = constant(0)

    @task
    def run_case(self) -> None:
        try:
            worker = shared_worker(self.environment)
        except JourneyWorkerError as refusal:
            # Each user fails once with the refusal and stops (the Locust process is stopping):
            # as a failure it counts in this process's statistics and exit code, and as a user
            # error it reaches the master at once (its Exceptions tab and exit code).
            self._report("journey", "journey load --worker", 0, refusal)
            self.environment.events.user_error.fire(user_instance=self, exception=refusal,
                                                    tb=refusal.__traceback__)
            raise StopUser() from None
        reply = worker.run()
        test = reply["test"]
        failure = reply.get("failure")
        failed_step = failure.get("step") if failure else None
        for number, step in enumerate(reply["steps"], start=1):
            problem = None
            if failure and failed_step == number:
                problem = JourneyStepFailure(failure)
            self._report("step", f"{test} · {step['name']}", step["ms"], problem)
        self._report("journey", test, reply["ms"], JourneyStepFailure(failure) if failure else None)

    def _report(self, kind: str, name: str, milliseconds: float, problem: Exception | None) -> None:
        self.environment.events.request.fire(
            request_type=kind,
            name=name,
            response_time=milliseconds,
            response_length=0,
            exception=problem,
            context={},
        )


class JourneyStepFailure(Exception):
    """A case that did not pass: its kind (an expectation, AM's failure, HTTP…) and message."""

    def __init__(self, failure: dict[str, Any]):
        super().__init__(f"{failure.get('kind', 'failure')}: {failure.get('message', '')}")
