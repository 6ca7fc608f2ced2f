"""`keiri deploy --json` is built on the one result model of checks (`IssueReport`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from flows.deploy.report import DeployReport
from keiri.base.errors import Issue
from keiri.base.errors.report import IssueReport

CONTRACT = [
    "ok",
    "applied",
    "changed",
    "prefect_file",
    "diff",
    "deployments",
    "work_pools_created",
    "automations",
    "stale",
    "stale_runs",
    "errors",
    "warnings",
]


def _issue(severity: Literal["error", "warning"]) -> Issue:
    return Issue(code="UNKNOWN_VAR", message="m", loc=("vars", "x"), severity=severity)


def test_a_deploy_report_is_an_issue_report_with_the_deploy_fields(tmp_path: Path) -> None:
    errors, warnings = IssueReport.split([_issue("error"), _issue("warning")])
    report = DeployReport(prefect_file=tmp_path / "prefect.yaml", errors=errors, warnings=warnings)
    assert isinstance(report, IssueReport) and not report.ok
    doc = report.to_json()
    assert list(doc) == CONTRACT
    assert doc["ok"] is False and doc["deployments"] == []
    assert doc["errors"] == [errors[0].model_dump()]
    assert doc["warnings"] == [warnings[0].model_dump()]
    assert doc["prefect_file"] == str(tmp_path / "prefect.yaml")


def test_a_clean_report_is_ok(tmp_path: Path) -> None:
    doc = DeployReport(prefect_file=tmp_path / "prefect.yaml", changed=True).to_json()
    assert doc["ok"] is True and doc["changed"] is True and doc["errors"] == []
