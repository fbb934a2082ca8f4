"""The journey settings this Locust process runs with, and how a worker gets its master's.

The settings are taken once, when Locust starts (its ``init`` event), from the command line or
configuration file of the process that runs alone or as the master (docs/load.md, "Safety"). A
worker asks its master for them with a ``journeyterm_hello`` message; the master answers with a
``journeyterm_settings`` message, and the worker accepts them only if every journey option its
own command line set agrees with them. Each time a user asks for the shared ``journey load
--worker``, ``checked_settings`` checks again that Locust's parsed options still say what was
taken at start.
"""

from __future__ import annotations

from typing import Any

import gevent.event
from locust import events
from locust.runners import MasterRunner, WorkerRunner

from .errors import JourneyWorkerError
from .settings import JourneySettings
from .web_form import guard_web_ui

#: How long a worker's first user waits for its master's journey settings before it refuses.
MASTER_SETTINGS_TIMEOUT_SECONDS = 10

# Custom messages between a worker and its master: the worker asks, the master answers with
# the settings it took from its command line at start.
_HELLO = "journeyterm_hello"
_SETTINGS = "journeyterm_settings"

# This process's journey settings. _own is its command line, taken at init. _settings is what
# journey load --worker starts with: _own when running alone or as the master; on a worker, the
# master's, sent in answer to the worker's hello and checked against the worker's own options.
# _settings_problem is why a master's settings were refused, _settings_arrived is set once
# _settings or _settings_problem is known, and _checked_options are the parsed journey options
# last found to agree with _settings.
_own: JourneySettings | None = None
_settings: JourneySettings | None = None
_settings_problem: JourneyWorkerError | None = None
_settings_arrived = gevent.event.Event()
_checked_options: tuple[Any, ...] | None = None


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
                 ("journey_tests", "journey_url", "journey_profile", "journey_i_own_this_server",
                  "journey_allow_commands"))


def checked_settings(environment) -> JourneySettings:
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
