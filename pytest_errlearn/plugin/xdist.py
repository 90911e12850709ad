"""pytest-xdist: each worker's failures carried to the controller in its reports.

Registered by the plugin only where xdist is loaded.
"""

from __future__ import annotations

from typing import Any

import pytest

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from collections.abc import Generator

    from .findings import Findings

WIRE_KEY = "errlearn"  # the key of errlearn's payload in a serialized report


class XdistBridge:
    """Carries each worker's errors to the controller inside the serialized report.

    The worker adds ``{"error": ..., "faults": [...]}`` under ``WIRE_KEY`` to
    the data it sends; the controller takes it out before pytest rebuilds the
    report (so it never becomes a report attribute) and hands the error to
    ``pytest_runtest_logreport`` through ``pending``. Unlike
    ``report.user_properties`` this leaves junitxml alone, and unlike
    re-reading the traceback on the controller it keeps the exception's own
    type and message, which only the worker has.
    """

    def __init__(self, findings: Findings) -> None:
        self.findings = findings

    @pytest.hookimpl(wrapper=True)
    def pytest_report_to_serializable(
        self, report: pytest.CollectReport | pytest.TestReport
    ) -> Generator[None, dict[str, Any] | None, dict[str, Any] | None]:
        data = yield
        findings = self.findings
        if findings.worker and data is not None:
            with findings.guard("sending a failure to the xdist controller"):
                payload: dict[str, Any] = {}
                entry = findings.pending.pop(id(report), None)
                if entry is not None:
                    from ..report import Error

                    if isinstance(entry[1], Error):
                        payload["error"] = entry[1].to_wire()
                if len(findings.faults) > findings.faults_sent:
                    payload["faults"] = findings.faults[findings.faults_sent :]
                    findings.faults_sent = len(findings.faults)
                if payload:
                    data[WIRE_KEY] = payload
        return data

    @pytest.hookimpl(wrapper=True)
    def pytest_report_from_serializable(
        self, data: dict[str, Any]
    ) -> Generator[None, object, object]:
        """Runs in execnet's receiver thread: only unpacks, the main thread does the rest."""
        payload = data.pop(WIRE_KEY, None) if isinstance(data, dict) else None
        report = yield
        if isinstance(payload, dict):
            findings = self.findings
            with findings.guard("receiving a failure from an xdist worker"):
                for fault in payload.get("faults", ()):
                    findings.fault(str(fault))
                error = payload.get("error")
                if isinstance(error, dict) and report is not None:
                    findings.pending[id(report)] = (report, error)
        return report


class WorkerCapture:
    """On an xdist worker, each failure read as its report is made, the only
    place its exception is at hand before the report leaves for the
    controller: the known fix travels with it (``XdistBridge``)."""

    def __init__(self, findings: Findings) -> None:
        self.findings = findings

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield  # outermost wrapper: the report as every plugin left it
        if report.outcome == "failed":  # the field, not the property: this runs for every report
            findings = self.findings
            with findings.guard("reading a failure"):
                from .raised import NOTHING, Raised

                raised = NOTHING if call.excinfo is None else Raised.of(call.excinfo.value)
                findings.pending[id(report)] = (report, findings.reader().capture(report, raised))
        return report
