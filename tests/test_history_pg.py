"""The history's behaviour tests, run again against a PostgreSQL server of the
session's own (``tests/pg_server.py``): one interface, two backends, the same
answers. The tests are those of the SQLite history, imported here; an autouse
fixture points each at a fresh database through ``ERRLEARN_HISTORY_URL``.
Those about the SQLite file itself (its folder, WAL, corruption, its older
schemas) stay with SQLite alone.
"""

from __future__ import annotations

import pytest
from test_history import (  # noqa: F401
    test_a_broken_pyproject_that_does_not_name_errlearn_is_not_errlearns_to_judge,
    test_a_database_failing_mid_run_is_one_warning_and_never_an_exception,
    test_old_runs_are_pruned,
    test_remember_records_with_the_projects_repeat_setting,
    test_several_processes_recording_at_once_lose_nothing,
)
from test_history_failures import (  # noqa: F401
    test_hints_read_the_newest_failures_of_the_key_and_leave_out_noise,
)
from test_history_infers import *  # noqa: F403
from test_outcomes import *  # noqa: F403


@pytest.fixture(autouse=True)
def on_postgres(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ERRLEARN_HISTORY_URL", pg_url)


# The file's bytes are read there; here the server's rows are (test_history_pg_faults.py).
del test_a_test_id_holding_a_secret_is_stored_masked_and_still_followed  # noqa: F821
