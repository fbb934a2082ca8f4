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

Where the journey options come from (docs/load.md, "Safety"): the test paths, the server, the
profile and the word that the server is the user's are taken once, when Locust starts, from the
command line (or Locust's configuration file) of the process that runs alone or as the master.
Importing this module adds the four options, none of them shown in Locust's web UI; lets the
web UI change only the number of users, the spawn rate and the run time; and has a worker
start ``journey load --worker`` only with what its master's command line gave.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import logging
import os
import shutil
from typing import Any

import gevent
import gevent.event
import gevent.lock
import gevent.subprocess
from flask import jsonify, request
from gevent.event import AsyncResult
from locust import User, constant, events, task
from locust.exception import StopUser
from locust.runners import MasterRunner, WorkerRunner
from werkzeug.datastructures import ImmutableMultiDict

__all__ = ["JourneySettings", "JourneyUser", "JourneyWorker", "JourneyWorkerError", "guard_web_ui", "journey_command"]

#: How long a user waits for one case before the run counts as failed.
CASE_TIMEOUT_SECONDS = 120

#: How long a worker's first user waits for its master's journey settings before it refuses.
MASTER_SETTINGS_TIMEOUT_SECONDS = 10

#: The test paths when ``--journey-tests`` is not given.
DEFAULT_TESTS = "journey-tests"

#: The ``/swarm`` form fields the web UI may send and Locust may act on.
WEB_FORM_FIELDS = frozenset({"user_count", "spawn_rate", "run_time"})

#: Fields the stock web UI always sends that these users have no use for: removed from the form
#: before Locust reads it, so they change nothing.
WEB_FORM_IGNORED_FIELDS = frozenset({"host", "profile", "shape_class", "user_classes"})

# Custom messages between a worker and its master: the worker asks, the master answers with
# the settings it took from its command line at start.
_HELLO = "journeyterm_hello"
_SETTINGS = "journeyterm_settings"

_log = logging.getLogger("journeyterm")


class JourneyWorkerError(Exception):
    """The ``journey load --worker`` process could not start, stopped, or was refused."""


def _checked_text(value: Any, what: str, hint: str = "") -> str:
    if not isinstance(value, str):
        raise JourneyWorkerError(f"{what} must be text, not {type(value).__name__}")
    if value.startswith("-"):
        raise JourneyWorkerError(f"{what} cannot start with '-': {value!r}{hint}")
    if "\0" in value:
        raise JourneyWorkerError(f"{what} cannot hold a NUL character: {value!r}")
    return value


@dataclasses.dataclass(frozen=True)
class JourneySettings:
    """What ``journey load --worker`` is started with: the test paths, the server (``--url``),
    the profile and the user's word that the server is theirs (``--i-own-this-server``)."""

    tests: tuple[str, ...] = (DEFAULT_TESTS,)
    url: str | None = None
    profile: str | None = None
    owns_server: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.tests, tuple) or not self.tests:
            raise JourneyWorkerError("no test paths")
        for path in self.tests:
            _checked_text(path, "a test path", " (write ./-name for a file whose name starts with '-')")
        if self.url is not None:
            _checked_text(self.url, "the journey URL")
        if self.profile is not None:
            _checked_text(self.profile, "the journey profile")
        if not isinstance(self.owns_server, bool):
            raise JourneyWorkerError("the server's ownership must be true or false")

    @classmethod
    def from_options(cls, options: Any) -> JourneySettings:
        """From Locust's parsed options (``--journey-tests``, ``--journey-url``,
        ``--journey-profile``, ``--journey-i-own-this-server``; absent ones take their defaults)."""
        tests = getattr(options, "journey_tests", None) or DEFAULT_TESTS
        if not isinstance(tests, str):
            raise JourneyWorkerError(f"--journey-tests must be text, not {type(tests).__name__}")
        return cls(
            tests=tuple(tests.split()) or (DEFAULT_TESTS,),
            url=getattr(options, "journey_url", None) or None,
            profile=getattr(options, "journey_profile", None) or None,
            owns_server=getattr(options, "journey_i_own_this_server", False),
        )

    @classmethod
    def from_message(cls, data: Any) -> JourneySettings:
        """From a master's settings message, every field checked."""
        if not isinstance(data, dict) or set(data) != {"tests", "url", "profile", "owns_server"}:
            raise JourneyWorkerError(f"the master's journey settings are not understood: {data!r}")
        tests = data["tests"]
        if not isinstance(tests, list):
            raise JourneyWorkerError(f"the master's test paths are not a list: {tests!r}")
        return cls(tests=tuple(tests), url=data["url"], profile=data["profile"], owns_server=data["owns_server"])

    def to_message(self) -> dict[str, Any]:
        return {"tests": list(self.tests), "url": self.url, "profile": self.profile, "owns_server": self.owns_server}

    def given(self) -> set[str]:
        """The fields that differ from the defaults: what a command line set."""
        defaults = JourneySettings()
        return {field.name for field in dataclasses.fields(self)
                if getattr(self, field.name) != getattr(defaults, field.name)}

    def differences(self, other: JourneySettings, fields: set[str] | None = None) -> list[str]:
        """``--journey-url http://a`` against ``--journey-url http://b`` for each field (of
        ``fields``, or all) in which ``other`` differs."""
        names = fields if fields is not None else {field.name for field in dataclasses.fields(self)}
        return [f"{self._shown(name)} against {other._shown(name)}"
                for name in sorted(names) if getattr(self, name) != getattr(other, name)]

    def _shown(self, name: str) -> str:
        value = getattr(self, name)
        if name == "owns_server":
            return "--journey-i-own-this-server" if value else "no --journey-i-own-this-server"
        flag = {"tests": "--journey-tests", "url": "--journey-url", "profile": "--journey-profile"}[name]
        if name == "tests":
            return f"{flag} {' '.join(value)!r}"
        return f"{flag} {value!r}" if value is not None else f"no {flag}"

    def command(self) -> list[str]:
        """The ``journey load --worker`` command line for these settings."""
        return journey_command(list(self.tests), self.url, self.profile, self.owns_server)


def journey_command(tests: list[str], url: str | None = None, profile: str | None = None,
                    owns_server: bool = False) -> list[str]:
    """The worker's command line: ``journey load --worker [--url U] [--profile P]
    [--i-own-this-server] -- PATH…``, ``journey`` from ``$JOURNEY`` or the PATH. The paths
    follow ``--``, so none of them is read as an option, and a path that starts with ``-`` is
    refused. A server that is not loopback is refused by the worker unless ``owns_server`` or
    the profile's ``loadAllowed`` says it is the user's."""
    settings = JourneySettings(tuple(tests), url or None, profile or None, owns_server)
    journey = os.environ.get("JOURNEY") or shutil.which("journey")
    if not journey:
        raise JourneyWorkerError("journey is not on the PATH; set JOURNEY=/path/to/journey")
    command = [journey, "load", "--worker"]
    if settings.url:
        command += ["--url", settings.url]
    if settings.profile:
        command += ["--profile", settings.profile]
    if settings.owns_server:
        command.append("--i-own-this-server")
    return [*command, "--", *settings.tests]


# The four options, read from the command line or Locust's configuration file only:
# include_in_web_ui=False keeps them out of the web UI, and guard_web_ui refuses a form that
# names them. A value that starts with '-' is refused as Locust parses its command line.

def _tests_option(value: str) -> str:
    try:
        JourneySettings(tuple(value.split()) or (DEFAULT_TESTS,))
    except JourneyWorkerError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None
    return value


def _text_option(what: str):
    def check(value: str) -> str:
        if value:
            try:
                _checked_text(value, what)
            except JourneyWorkerError as problem:
                raise argparse.ArgumentTypeError(str(problem)) from None
        return value
    return check


@events.init_command_line_parser.add_listener
def _add_journey_options(parser) -> None:
    parser.add_argument(
        "--journey-tests",
        default=DEFAULT_TESTS,
        type=_tests_option,
        help="test files or folders for journey test, separated by spaces (default: journey-tests)",
        include_in_web_ui=False,
    )
    parser.add_argument(
        "--journey-url",
        default="",
        type=_text_option("the journey URL"),
        help="run every test against this AM (or PingOne) URL, as journey test --url",
        include_in_web_ui=False,
    )
    parser.add_argument(
        "--journey-profile",
        default="",
        type=_text_option("the journey profile"),
        help="run every test with this profile of profiles.yaml, as journey test --profile",
        include_in_web_ui=False,
    )
    parser.add_argument(
        "--journey-i-own-this-server",
        action="store_true",
        default=False,
        help="allow a server that is not loopback (journey load --i-own-this-server)",
        include_in_web_ui=False,
    )


# This process's journey settings. _own is its command line, taken at init. _settings is what
# journey load --worker starts with: _own when running alone or as the master; on a worker, the
# master's, sent in answer to the worker's hello and checked against the worker's own options.
_own: JourneySettings | None = None
_settings: JourneySettings | None = None
_settings_problem: JourneyWorkerError | None = None
_settings_arrived = gevent.event.Event()
_checked_options: tuple[Any, ...] | None = None

_worker: JourneyWorker | None = None
_refusal: JourneyWorkerError | None = None
_starting = gevent.lock.Semaphore()


@events.init.add_listener
def _take_settings(environment, runner=None, web_ui=None, **_kwargs) -> None:
    """Takes this process's settings before any request or message can change its parsed
    options, arranges for a worker to get its master's, and guards the web UI."""
    global _own, _settings
    _own = JourneySettings.from_options(environment.parsed_options)
    if isinstance(runner, WorkerRunner):
        runner.register_message(_SETTINGS, _receive_master_settings)
        runner.send_message(_HELLO)
    else:
        _settings = _own
        _settings_arrived.set()
        if isinstance(runner, MasterRunner):
            runner.register_message(_HELLO, _answer_worker_hello)
    if web_ui is not None:
        guard_web_ui(web_ui)


def _answer_worker_hello(environment, msg, **_kwargs) -> None:
    environment.runner.send_message(_SETTINGS, _settings.to_message(), client_id=msg.node_id)


def _receive_master_settings(environment, msg, **_kwargs) -> None:
    global _settings, _settings_problem
    try:
        settings = JourneySettings.from_message(msg.data)
    except JourneyWorkerError as problem:
        _settings_problem = JourneyWorkerError(f"the master sent journey settings that cannot run: {problem}")
    else:
        pinned = _own.differences(settings, _own.given())
        if _settings is not None and settings != _settings:
            _settings_problem = JourneyWorkerError(
                "the master sent other journey settings after its first ones: "
                + "; ".join(_settings.differences(settings)))
        elif pinned:
            _settings_problem = JourneyWorkerError(
                "this worker's journey options differ from its master's command line "
                "(this worker's against the master's): " + "; ".join(pinned))
        else:
            _settings = settings
    _settings_arrived.set()


def _options_seen(options: Any) -> tuple[Any, ...]:
    return tuple(getattr(options, name, None) for name in
                 ("journey_tests", "journey_url", "journey_profile", "journey_i_own_this_server"))


def _checked_settings(environment) -> JourneySettings:
    """The settings to start with, after checking that Locust's parsed options (on a worker:
    as its master's spawn message left them) still say what was taken at start."""
    global _checked_options
    runner = environment.runner
    on_worker = isinstance(runner, WorkerRunner)
    if on_worker and not _settings_arrived.is_set():
        runner.send_message(_HELLO)  # the first may have reached the master before it listened
        _settings_arrived.wait(MASTER_SETTINGS_TIMEOUT_SECONDS)
    if _settings_problem is not None:
        raise _settings_problem
    if _settings is None:
        if on_worker:
            raise JourneyWorkerError(
                f"the master did not send its journey settings within {MASTER_SETTINGS_TIMEOUT_SECONDS} s: "
                "it must run a locustfile that imports journeyterm_locust, of the same version")
        raise JourneyWorkerError("no journey settings were taken: fire environment.events.init before starting users")
    seen = _options_seen(environment.parsed_options)
    if seen != _checked_options:
        if on_worker:
            changed, order = ("the journey options in the master's spawn message differ from its command line",
                              "sent")
        else:
            changed, order = "Locust's journey options were changed after this process started", "now"
        try:
            current = JourneySettings.from_options(environment.parsed_options)
        except JourneyWorkerError as problem:
            raise JourneyWorkerError(f"{changed}: {problem}") from None
        if current != _settings:
            raise JourneyWorkerError(f"{changed} ({order} against command line): "
                                     + "; ".join(current.differences(_settings)))
        _checked_options = seen
    return _settings


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
            settings = _checked_settings(environment)
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


def guard_web_ui(web_ui) -> None:
    """Lets Locust's web UI start, change and stop runs with the number of users, the spawn rate
    and the run time, and nothing else: a ``/swarm`` post that names any other field (a
    journey option, or any other of Locust's options) is refused with HTTP 400 and
    ``{"success": false, "message": …}`` naming it; the fields the stock UI always sends and
    these users do not use are removed before Locust reads the form; editing user classes
    (``/user``) is refused."""
    app = web_ui.app
    if "locust.swarm" not in app.view_functions or "locust.update_user" not in app.view_functions:
        raise JourneyWorkerError(
            "this version of Locust's web UI has no /swarm or /user view that journeyterm_locust knows; "
            "run it headless or with the Locust version pyproject.toml allows")
    environment = web_ui.environment

    def refused(message: str):
        _log.warning("web UI: refused %s %s from %s: %s", request.method, request.path, request.remote_addr, message)
        return jsonify({"success": False, "message": message}), 400

    @app.before_request
    def _guard():
        if request.method != "POST":
            return None
        if request.endpoint == "locust.update_user":
            return refused("user classes cannot be edited from the web UI of JourneyTerm's Locust users")
        if request.endpoint != "locust.swarm":
            return None
        form = request.form
        unknown = sorted(key for key in form.keys() if key not in WEB_FORM_FIELDS | WEB_FORM_IGNORED_FIELDS)
        if unknown:
            named = ", ".join(repr(key[:80]) for key in unknown[:10])
            return refused(
                f"the web UI cannot set {named}: it sets the number of users, the spawn rate and the run time "
                "only; the journey tests, server, profile and ownership come from the Locust command line")
        for field, current in (("host", environment.host), ("profile", environment.profile)):
            value = form.get(field, "")
            if value and value != (current or ""):
                _log.warning("web UI: the %s field (%r) is ignored: the journey server comes from the Locust "
                             "command line (--journey-url, --journey-profile or the tests' own profiles)",
                             field, value[:200])
        request.form = ImmutableMultiDict([(key, value) for key, value in form.items(multi=True)
                                           if key in WEB_FORM_FIELDS])
        return None


@events.quitting.add_listener
def _stop_worker(environment, **_kwargs) -> None:
    if _worker is not None:
        _worker.stop()


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
            message = json.loads(line)
            waiting = self._pending.get(message.get("id"))
            if waiting is not None:
                waiting.set(message)
        stopped = JourneyWorkerError(f"journey load --worker stopped (status {self.process.wait()})")
        for waiting in list(self._pending.values()):
            waiting.set_exception(stopped)


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
