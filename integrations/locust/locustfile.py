"""JourneyTerm's journey tests as Locust load.

    locust -f integrations/locust/locustfile.py --web-host 127.0.0.1 --journey-tests "journey-tests/login.yaml"

Each Locust process starts one `journey load --worker` (from $JOURNEY or the PATH) and reports
every step of every case to Locust. The package adds the options --journey-tests, --journey-url,
--journey-profile, --journey-i-own-this-server and --journey-allow-commands, read from the
command line only (never from the web UI). docs/load.md shows a master with workers on several machines and on Kubernetes.
"""

import os
import sys

# The package beside this file, whether or not it was installed with pip.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from journeyterm_locust import JourneyUser  # noqa: E402


class Journeys(JourneyUser):
    """Runs the journey tests' cases in turn."""
