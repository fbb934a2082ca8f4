"""Real Locust processes for the tests, with a fake `journey` that records how it was started.

The fake `journey` (a Python script written into the test's temporary folder, named by
$JOURNEY) appends its argv as one JSON line to `argv.jsonl` beside it each time it starts, then
speaks `journey load --worker`'s line protocol: a ready line with one case, and one reply per
request line, until its input ends.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Callable

INTEGRATION = Path(__file__).resolve().parent.parent
LOCUSTFILE = INTEGRATION / "locustfile.py"
LOCUST = [sys.executable, "-m", "locust"]

#: Exactly what Locust 2.47.0's web UI posts to /swarm when Start is pressed with its defaults
#: (no --class-picker, no option shown in the UI): the form's fields in page order.
STOCK_FORM = [("user_count", "1"), ("spawn_rate", "1"), ("host", ""), ("run_time", ""), ("profile", "")]

#: How long a test waits for something a Locust process does before it fails.
WAIT_SECONDS = 15

FAKE_JOURNEY = """#!{python}
import json, os, sys
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "argv.jsonl"), "a") as record:
    record.write(json.dumps(sys.argv) + "\\n")
print(json.dumps({{"ready": {{"cases": [{{"index": 0, "name": "t"}}]}}}}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({{"id": request["id"], "test": "t", "case": None, "ms": 1.0,
                      "steps": [{{"name": "start", "ms": 1.0}}], "failure": None}}), flush=True)
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LocustTestCase(unittest.TestCase):
    """Starts Locust processes in a temporary folder with the fake `journey`, and stops them."""

    def setUp(self) -> None:
        folder = tempfile.TemporaryDirectory(prefix="journeyterm-locust-test-")
        self.addCleanup(folder.cleanup)
        self.folder = Path(folder.name)
        self.journey = self.folder / "journey"
        self.journey.write_text(FAKE_JOURNEY.format(python=sys.executable))
        self.journey.chmod(0o755)
        self.processes: list[tuple[str, subprocess.Popen, Path]] = []
        self.addCleanup(self.stop_all)

    # Processes

    def start_locust(self, name: str, *arguments: str, locustfile: Path = LOCUSTFILE,
                     environment: dict[str, str] | None = None) -> subprocess.Popen:
        """Starts `locust -f LOCUSTFILE ARGUMENTS…` with $JOURNEY naming the fake; its output
        goes to NAME.log."""
        env = {key: value for key, value in os.environ.items() if not key.startswith("LOCUST_")}
        env["JOURNEY"] = str(self.journey)
        env.update(environment or {})
        log = self.folder / f"{name}.log"
        with open(log, "wb") as output:
            process = subprocess.Popen([*LOCUST, "-f", str(locustfile), *arguments], cwd=self.folder, env=env,
                                       stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT)
        self.processes.append((name, process, log))
        return process

    def start_master(self, *arguments: str, web: bool = True, **kwargs) -> None:
        """A master on loopback (its web UI too, unless headless) with ARGUMENTS."""
        self.master_port = free_port()
        self.web_port = free_port()
        web_arguments = ["--web-host", "127.0.0.1", "--web-port", str(self.web_port)] if web else []
        self.master = self.start_locust("master", "--master", "--master-bind-host", "127.0.0.1",
                                        "--master-bind-port", str(self.master_port), *web_arguments,
                                        *arguments, **kwargs)

    def start_worker(self, *arguments: str, name: str = "worker") -> subprocess.Popen:
        return self.start_locust(name, "--worker", "--master-host", "127.0.0.1",
                                 "--master-port", str(self.master_port), *arguments)

    def stop_all(self) -> None:
        for _, process, _ in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for _, process, _ in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def logs(self) -> str:
        return "\n".join(f"--- {name}.log\n{log.read_text(errors='replace')[-4000:]}"
                         for name, _, log in self.processes if log.exists())

    def log_of(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def wait_until(self, condition: Callable[[], Any], what: str) -> Any:
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.1)
        self.fail(f"no {what} within {WAIT_SECONDS} s\n{self.logs()}")

    # The fake journey's record

    def started(self) -> list[list[str]]:
        """The argv of every start of the fake `journey` so far."""
        record = self.folder / "argv.jsonl"
        if not record.exists():
            return []
        return [json.loads(line) for line in record.read_text().splitlines() if line.strip()]

    def expected_argv(self, *arguments: str) -> list[str]:
        return [str(self.journey), *arguments]

    # The web UI

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.web_port}{path}"

    def get(self, path: str) -> str:
        with urllib.request.urlopen(self.url(path), timeout=10) as response:
            return response.read().decode()

    def post(self, path: str, fields: list[tuple[str, str]] | None = None,
             json_body: Any = None) -> tuple[int, Any]:
        """Posts a form (or a JSON body) as the web UI does: its status and its JSON answer."""
        if json_body is not None:
            data, kind = json.dumps(json_body).encode(), "application/json"
        else:
            data, kind = urllib.parse.urlencode(fields or []).encode(), "application/x-www-form-urlencoded"
        post = urllib.request.Request(self.url(path), data=data, method="POST", headers={"content-type": kind})
        try:
            with urllib.request.urlopen(post, timeout=10) as response:
                status, body = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
        try:
            return status, json.loads(body)
        except ValueError:
            return status, body.decode(errors="replace")

    def wait_for_workers(self, count: int) -> None:
        """Waits for the web UI to answer and COUNT workers to be connected to the master."""
        def connected() -> bool:
            try:
                return json.loads(self.get("/worker-count")).get("worker_count") == count
            except OSError:  # the web UI is not listening yet
                return False
        self.wait_until(connected, f"{count} worker(s) connected to the master")
