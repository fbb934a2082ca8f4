"""Locust users that run JourneyTerm's journey tests.

Each Locust process (a worker, or a local run) starts one ``journey load --worker`` and shares
it between its users. A user asks it to run one test case and gets back one JSON line: the
case's steps with their times, and its outcome. Every step is reported to Locust as a request
named after the test and the step's page (a test's cases add up under its name), and the
whole journey as one more, so Locust's
statistics, charts, CSV files and thresholds see the journey step by step.

The line protocol (docs/load.md has it whole):

* the worker's first line is ``{"ready": {"cases": [{"index": 0, "name": "…"}, …]}}``, or
  ``{"error": "…"}`` before it exits when a test file cannot run;
* a request is ``{"id": 7}`` (the next case, in turn) or ``{"id": 7, "case": 2}``;
* its reply is ``{"id": 7, "test": "…", "case": "user=alice", "ms": 8.3, "steps": [{"name":
  "…", "ms": 3.1}, …], "failure": null}``, ``failure`` being ``{"step": 2, "kind": "…", "message": "…"}`` when the
  case did not pass (``step`` is null for the end of the run).
"""

from __future__ import annotations

import itertools
import json
import logging
import os
import shutil
from typing import Any

import gevent
import gevent.lock
import gevent.subprocess
from gevent.event import AsyncResult
from locust import User, constant, events, task

__all__ = ["JourneyWorker", "JourneyUser", "journey_command"]

#: How long a user waits for one case before the run counts as failed.
CASE_TIMEOUT_SECONDS = 120


class JourneyWorkerError(Exception):
    """The ``journey load --worker`` process could not start, or stopped."""


def journey_command(tests: list[str], url: str | None = None, profile: str | None = None,
                    owns_server: bool = False) -> list[str]:
    """The worker's command line: ``journey`` from ``$JOURNEY`` or the PATH. A server that is
    not loopback is refused by the worker unless ``owns_server`` (``--i-own-this-server``) or
    the profile's ``loadAllowed`` says it is the user's."""
    journey = os.environ.get("JOURNEY") or shutil.which("journey")
    if not journey:
        raise JourneyWorkerError("journey is not on the PATH; set JOURNEY=/path/to/journey")
    command = [journey, "load", "--worker", *tests]
    if url:
        command += ["--url", url]
    if profile:
        command += ["--profile", profile]
    if owns_server:
        command.append("--i-own-this-server")
    return command


class JourneyWorker:
    """One ``journey load --worker`` process, shared by the users of this Locust process."""

    def __init__(self, command: list[str]):
        self.command = command
        self.process = gevent.subprocess.Popen(
            command, stdin=gevent.subprocess.PIPE, stdout=gevent.subprocess.PIPE, bufsize=0
        )
        first = self.process.stdout.readline()
        if not first:
            raise JourneyWorkerError(f"{' '.join(command)} exited before it was ready")
        hello = json.loads(first)
        if "error" in hello:
            raise JourneyWorkerError(hello["error"])
        self.cases: list[dict[str, Any]] = hello["ready"]["cases"]
        self._pending: dict[int, AsyncResult] = {}
        self._ids = itertools.count(1)
        self._writing = gevent.lock.Semaphore()
        self._reader = gevent.spawn(self._read_replies)

    def run(self, case: int | None = None) -> dict[str, Any]:
        """Runs one case (the next one in turn when ``case`` is None) and returns its reply."""
        request_id = next(self._ids)
        reply = AsyncResult()
        self._pending[request_id] = reply
        request: dict[str, Any] = {"id": request_id}
        if case is not None:
            request["case"] = case
        with self._writing:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        try:
            return reply.get(timeout=CASE_TIMEOUT_SECONDS)
        finally:
            self._pending.pop(request_id, None)

    def stop(self) -> None:
        """Closes the worker's input: it finishes the cases under way and exits."""
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except gevent.subprocess.TimeoutExpired:
                self.process.kill()

    def _read_replies(self) -> None:
        for line in self.process.stdout:
            message = json.loads(line)
            waiting = self._pending.get(message.get("id"))
            if waiting is not None:
                waiting.set(message)
        stopped = JourneyWorkerError(f"journey load --worker stopped (status {self.process.wait()})")
        for waiting in list(self._pending.values()):
            waiting.set_exception(stopped)


_worker: JourneyWorker | None = None
_refusal: JourneyWorkerError | None = None
_starting = gevent.lock.Semaphore()


def shared_worker(environment) -> JourneyWorker:
    """This process's worker, started by the first user that needs it. A worker that refuses to
    start (a test file that cannot run, a server that is not loopback and not owned) is started
    once: the refusal is logged, this Locust process stops, and later users get the same error
    instead of a new worker each."""
    global _worker, _refusal
    with _starting:
        if _refusal is not None:
            raise _refusal
        if _worker is None:
            options = environment.parsed_options
            tests = (getattr(options, "journey_tests", None) or "journey-tests").split()
            url = getattr(options, "journey_url", None) or None
            profile = getattr(options, "journey_profile", None) or None
            owns_server = bool(getattr(options, "journey_i_own_this_server", False))
            try:
                _worker = JourneyWorker(journey_command(tests, url, profile, owns_server))
            except JourneyWorkerError as refusal:
                _refusal = refusal
                logging.getLogger("journeyterm").error("journey load --worker refused to start: %s", refusal)
                if environment.runner is not None:
                    gevent.spawn(environment.runner.quit)
                raise
        return _worker


@events.quitting.add_listener
def _stop_worker(environment, **_kwargs) -> None:
    if _worker is not None:
        _worker.stop()


class JourneyUser(User):
    """Runs the journey tests' cases in turn, one after the other, each step a Locust request.

    Subclass it in a locustfile (``class Journeys(JourneyUser): pass``) and set ``wait_time``
    there for think time between journeys.
    """

    abstract = True
    wait_time = constant(0)

    @task
    def run_case(self) -> None:
        reply = shared_worker(self.environment).run()
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
