"""Least privilege, as docs/learning.md gives it: a migration role owns the schema and
migrates once; the application role has only the grants listed, makes no DDL, and
everything errlearn does works with it."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest
from history_helpers import SIG_A, error, report

from pytest_errlearn.history import History, remember
from pytest_errlearn.history import remote as remote_module

PASSWORD = "role-pw-5678"


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote_module, "_down", {})
    monkeypatch.delenv("ERRLEARN_HISTORY_URL", raising=False)
    monkeypatch.delenv("ERRLEARN_PROJECT", raising=False)


@pytest.fixture
def roles(pg_server: Any) -> tuple[str, str]:
    """The docs' recipe: the owner's URL and the application role's, both in its schema."""
    tag = uuid.uuid4().hex[:8]
    owner, app, db = f"owner_{tag}", f"ci_{tag}", f"roles_{tag}"
    pg_server.admin(f"CREATE ROLE {owner} LOGIN PASSWORD '{PASSWORD}'")
    pg_server.admin(f"CREATE DATABASE {db} OWNER {owner}")
    pg_server.admin(f"CREATE SCHEMA errlearn AUTHORIZATION {owner}", db=db)
    path = "?options=-csearch_path%3Derrlearn"
    owner_url = pg_server.url(db, user=owner, password=PASSWORD) + path
    opened = History.open(Path("/nonexistent-root"), url=owner_url, warn=pytest.fail)
    assert opened is not None  # the owner's first connection migrates
    opened.close()
    pg_server.admin(f"CREATE ROLE {app} LOGIN PASSWORD '{PASSWORD}'")
    for grant in (
        f"GRANT CONNECT ON DATABASE {db} TO {app}",
        f"GRANT USAGE ON SCHEMA errlearn TO {app}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA errlearn TO {app}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA errlearn TO {app}",
    ):
        pg_server.admin(grant, db=db)
    return owner_url, pg_server.url(db, user=app, password=PASSWORD) + path


def test_the_application_role_records_reads_hints_learns_and_exports(
    tmp_path: Path, roles: tuple[str, str]
) -> None:
    _, app_url = roles
    (tmp_path / "pyproject.toml").write_text(f'[tool.errlearn]\nhistory = "{app_url}"\n')
    for _ in range(2):
        rep = report(error(SIG_A, fix="pip install requests"))
        remember(rep, source="run", command="make", exit_code=2, start=tmp_path, warn=pytest.fail)
    with History.open(tmp_path, create=False, warn=pytest.fail) as history:  # type: ignore[union-attr]
        assert [h.signature for h in history.hints("make", 3)] == [SIG_A]
        history.mark_learned(SIG_A, "my-pattern", "pip install requests")
        assert history.learned(SIG_A) == "my-pattern"
        assert [p.pattern for p in history.pattern_stats()] == ["py-missing-module"]
        lines = list(history.export_lines())
    assert sum('"kind": "run"' in line or '"kind":"run"' in line for line in lines) == 2


def test_the_application_role_cannot_make_ddl(roles: tuple[str, str]) -> None:
    import psycopg

    _, app_url = roles
    with psycopg.connect(app_url, autocommit=True) as conn:
        for ddl in (
            "CREATE TABLE errlearn.intruder (i INTEGER)",
            "ALTER TABLE runs ADD COLUMN intruder INTEGER",
            "DROP TABLE errors",
            "CREATE TABLE public.intruder (i INTEGER)",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(ddl)
