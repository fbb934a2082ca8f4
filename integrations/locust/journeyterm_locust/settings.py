"""The journey settings: what ``journey load --worker`` starts with, and its command line.

The settings are the test paths, the server, the profile, the user's word that the server is
theirs and their leave for the test files to run shell commands. Locust reads them from five
options, ``--journey-tests``, ``--journey-url``, ``--journey-profile``,
``--journey-i-own-this-server`` and ``--journey-allow-commands``, which importing the package adds
to Locust's command line. They are read from the command line or Locust's configuration file only,
never from the web UI. Every value is checked where it enters: as Locust parses its command line,
when settings are built, and when a master's settings message is read.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shutil
from typing import Any

from locust import events

from .errors import JourneyWorkerError

#: The test paths when ``--journey-tests`` is not given.
DEFAULT_TESTS = "journey-tests"


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
    the profile, the user's word that the server is theirs (``--i-own-this-server``) and their
    leave for the files' ``{command: …}`` answers to run (``--allow-commands``)."""

    tests: tuple[str, ...] = (DEFAULT_TESTS,)
    url: str | None = None
    profile: str | None = None
    owns_server: bool = False
    allows_commands: bool = False

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
        if not isinstance(self.allows_commands, bool):
            raise JourneyWorkerError("the leave to run commands must be true or false")

    @classmethod
    def from_options(cls, options: Any) -> JourneySettings:
        """From Locust's parsed options (``--journey-tests``, ``--journey-url``,
        ``--journey-profile``, ``--journey-i-own-this-server``, ``--journey-allow-commands``;
        absent ones take their defaults)."""
        tests = getattr(options, "journey_tests", None) or DEFAULT_TESTS
        if not isinstance(tests, str):
            raise JourneyWorkerError(f"--journey-tests must be text, not {type(tests).__name__}")
        return cls(
            tests=tuple(tests.split()) or (DEFAULT_TESTS,),
            url=getattr(options, "journey_url", None) or None,
            profile=getattr(options, "journey_profile", None) or None,
            owns_server=getattr(options, "journey_i_own_this_server", False),
            allows_commands=getattr(options, "journey_allow_commands", False),
        )

    @classmethod
    def from_message(cls, data: Any) -> JourneySettings:
        """From a master's settings message, every field checked."""
        if not isinstance(data, dict) or set(data) != {field.name for field in dataclasses.fields(cls)}:
            raise JourneyWorkerError(f"the master's journey settings are not understood: {data!r}")
        tests = data["tests"]
        if not isinstance(tests, list):
            raise JourneyWorkerError(f"the master's test paths are not a list: {tests!r}")
        return cls(tests=tuple(tests), url=data["url"], profile=data["profile"], owns_server=data["owns_server"],
                   allows_commands=data["allows_commands"])

    def to_message(self) -> dict[str, Any]:
        return {"tests": list(self.tests), "url": self.url, "profile": self.profile, "owns_server": self.owns_server,
                "allows_commands": self.allows_commands}

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
        switches = {"owns_server": "--journey-i-own-this-server", "allows_commands": "--journey-allow-commands"}
        if name in switches:
            return switches[name] if value else f"no {switches[name]}"
        flag = {"tests": "--journey-tests", "url": "--journey-url", "profile": "--journey-profile"}[name]
        if name == "tests":
            return f"{flag} {' '.join(value)!r}"
        return f"{flag} {value!r}" if value is not None else f"no {flag}"

    def command(self) -> list[str]:
        """The ``journey load --worker`` command line for these settings."""
        return journey_command(list(self.tests), self.url, self.profile, self.owns_server, self.allows_commands)


def journey_command(tests: list[str], url: str | None = None, profile: str | None = None,
                    owns_server: bool = False, allows_commands: bool = False) -> list[str]:
    """The worker's command line: ``journey load --worker [--url U] [--profile P]
    [--i-own-this-server] [--allow-commands] -- PATH…``, ``journey`` from ``$JOURNEY`` or the
    PATH. The paths follow ``--``, so none of them is read as an option, and a path that starts
    with ``-`` is refused. A server that is not loopback is refused by the worker unless
    ``owns_server`` or the profile's ``loadAllowed`` says it is the user's; a test file with a
    ``{command: …}`` answer unless ``allows_commands``."""
    settings = JourneySettings(tuple(tests), url or None, profile or None, owns_server, allows_commands)
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
    if settings.allows_commands:
        command.append("--allow-commands")
    return [*command, "--", *settings.tests]


# The five options, read from the command line or Locust's configuration file only:
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
    parser.add_argument(
        "--journey-allow-commands",
        action="store_true",
        default=False,
        help="let the test files run their {command: ...} answers, shell commands (journey load --allow-commands)",
        include_in_web_ui=False,
    )
