"""The package's error: a journey setting that cannot be used, a Locust web UI this package does
not know, or a ``journey load --worker`` process that cannot start, stops, or is refused."""

from __future__ import annotations


class JourneyWorkerError(Exception):
    """The ``journey load --worker`` process could not start, stopped, or was refused."""
