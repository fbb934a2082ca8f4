"""JourneyTerm's journey tests as Locust load.

    locust -f integrations/locust/locustfile.py --journey-tests "journey-tests/login.yaml"

Each Locust process starts one `journey load --worker` (from $JOURNEY or the PATH) and reports
every step of every case to Locust. docs/load.md shows a master with workers on several
machines and on Kubernetes.
"""

import os
import sys

from locust import events

# The package beside this file, whether or not it was installed with pip.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from journeyterm_locust import JourneyUser  # noqa: E402


@events.init_command_line_parser.add_listener
def _journey_arguments(parser):
    parser.add_argument(
        "--journey-tests",
        default="journey-tests",
        help="test files or folders for journey test, separated by spaces (default: journey-tests)",
    )
    parser.add_argument(
        "--journey-url",
        default="",
        help="run every test against this AM (or PingOne) URL, as journey test --url",
        include_in_web_ui=False,
    )
    parser.add_argument(
        "--journey-profile",
        default="",
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


class Journeys(JourneyUser):
    """Runs the journey tests' cases in turn."""
