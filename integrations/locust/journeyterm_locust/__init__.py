"""Locust users that run JourneyTerm's journey tests, each step a Locust request.

Each Locust process (a worker, or a local run) starts one ``journey load --worker`` and shares
it between its users; each user asks it for one test case at a time. Importing the package
registers its Locust event listeners. The pieces:

* ``settings``: ``JourneySettings``, the ``journey load --worker`` command line, and the five
  ``--journey-*`` options it adds to Locust's command line;
* ``handshake``: the settings this process takes at start, and how a worker gets its master's;
* ``web_form``: ``guard_web_ui``, which limits Locust's web UI to users, spawn rate and run time;
* ``worker``: ``JourneyWorker``, the shared ``journey load --worker`` process, and its line protocol;
* ``user``: ``JourneyUser``, which reports each case's steps to Locust;
* ``errors``: ``JourneyWorkerError``.
"""

from __future__ import annotations

from . import handshake, settings, user, web_form, worker  # noqa: F401  (each registers its listeners)
from .errors import JourneyWorkerError
from .settings import JourneySettings, journey_command
from .user import JourneyUser
from .web_form import guard_web_ui
from .worker import JourneyWorker

__all__ = ["JourneySettings", "JourneyUser", "JourneyWorker", "JourneyWorkerError", "guard_web_ui", "journey_command"]
