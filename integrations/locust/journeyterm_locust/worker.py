"""The ``journey load --worker`` process that the users of one Locust process share.

A worker's lines, one JSON object each (docs/load.md has the protocol whole):

* its first line is ``{"ready": {"cases": [{"index": 0, "name": "…"}, …]}}``, or
  ``{"error": "…"}`` before it exits when a test file cannot run;
* a request is ``{"id": 7}`` (the next case, in turn) or ``{"id": 7, "case": 2}``;
* its reply is ``{"id": 7, "test": "…", "case": "user=alice", "ms": 8.3, "steps": [{"name":
  "…", "ms": 3.1}, …], "failure": null}``, ``failure`` being ``{"step": 2, "kind": "…",
  "message": "…"}`` when the case did not pass (``step`` is null for the end of the run).

The first user that needs the worker starts it, and the worker stops when Locust quits.
"""

from __future__ import annotations

import itertools
import json
import logging
from typing import Any

import gevent
import gevent.lock
import gevent.subprocess
from gevent.event import AsyncResult
from locust import events

from .errors import JourneyWorkerError
from .handshake import checked_settings

#: How long a user waits for one case before the run counts as failed.
CASE_TIMEOUT_SECONDS = 120

_log = logging.getLogger("journeyterm")


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
        message: dict[str, Any] = {"id": request_id}
        if case is not None:
            message["case"] = case
        with self._writing:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
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
            try:
                message = json.loads(line)
            except ValueError:
                # Not a reply (a stray line on the worker's output): skipped, so the replies after it still arrive.
                logging.getLogger("journeyterm").warning("journey load --worker wrote a line that is not JSON; skipped")
                continue
            if not isinstance(message, dict):
                continue
            waiting = self._pending.get(message.get("id"))
            if waiting is not None:
                waiting.set(message)
        stopped = JourneyWorkerError(f"journey load --worker stopped (status {self.process.wait()})")
        for waiting in list(self._pending.values()):
            waiting.set_exception(stopped)


# This process's worker, once started, and the refusal that stopped it from starting, if any:
# both are final. _starting lets one user at a time start the worker or find it started.
_worker: JourneyWorker | None = None
_refusal: JourneyWorkerError | None = None
_starting = gevent.lock.Semaphore()


def shared_worker(environment) -> JourneyWorker:
    """This process's worker, started by the first user that needs it, from the settings taken
    at start (checked again at each call). A refusal (a test file that cannot run, a server that
    is not loopback and not owned, settings that differ from the command line's) is final: it is
    logged once, this Locust process stops, and every later call raises the same error instead
    of starting a worker."""
    global _worker, _refusal
    with _starting:
        if _refusal is not None:
            raise JourneyWorkerError(*_refusal.args)
        try:
            settings = checked_settings(environment)
            if _worker is None:
                _worker = JourneyWorker(settings.command())
        except JourneyWorkerError as refusal:
            _refusal = refusal
            _log.error("journey load --worker refused: %s", refusal)
            if _worker is not None:
                _worker.stop()
            if environment.runner is not None:
                gevent.spawn(environment.runner.quit)
            raise
        return _worker


@events.quitting.add_listener
def _stop_worker(environment, **_kwargs) -> None:
    if _worker is not None:
        _worker.stop()
