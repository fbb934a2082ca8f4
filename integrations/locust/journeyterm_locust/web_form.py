"""What Locust's web UI may do: start, change and stop runs with the number of users, the spawn
rate and the run time, and nothing else. The journey settings never come from a form."""

from __future__ import annotations

import logging

from flask import jsonify, request
from werkzeug.datastructures import ImmutableMultiDict

from .errors import JourneyWorkerError

#: The ``/swarm`` form fields the web UI may send and Locust may act on.
WEB_FORM_FIELDS = frozenset({"user_count", "spawn_rate", "run_time"})

#: Fields the stock web UI always sends that these users have no use for: removed from the form
#: before Locust reads it, so they change nothing.
WEB_FORM_IGNORED_FIELDS = frozenset({"host", "profile", "shape_class", "user_classes"})

_log = logging.getLogger("journeyterm")


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
