"""What the history infers from the runs it records: repeats, noise, fix outcomes."""

from __future__ import annotations

from pathlib import Path

import pytest
from history_helpers import SIG_A, SIG_B, error, opened, run

from pytest_errlearn.history import NOISE_NOTE, command_key
from pytest_errlearn.report import Error

# -- what the history infers ---------------------------------------------------


def change(root: Path) -> None:
    """Change the project's code (a file longer by a line): the next run is another."""
    with (root / "app.py").open("a") as f:
        f.write("pass\n")


def test_the_same_failure_three_runs_in_a_row_is_called_out_and_two_is_not(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        assert run(history, error()).errors[0].notes == []
        assert run(history, error()).errors[0].notes == []
        assert run(history, error()).errors[0].notes == ["failing the same way for 3 runs"]
        assert run(history, error()).errors[0].notes == ["failing the same way for 4 runs"]


def test_a_repeat_despite_a_known_fix_and_a_change_says_the_fix_has_not_helped(
    tmp_path: Path,
) -> None:
    with opened(tmp_path) as history:
        run(history, error(fix="pip install requests"), repeat=2)
        change(tmp_path)
        run(history, error(fix="pip install requests"), repeat=2)
        notes = run(history, error(fix="pip install requests"), repeat=2).errors[0].notes
    assert notes == [
        "failing the same way for 3 runs; the known fix has not helped after 1 code change"
    ]


def test_a_repeat_whose_fix_is_shown_for_the_first_time_only_counts(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        for _ in range(2):
            run(history, error(), repeat=3)
        notes = run(history, error(fix="pip install requests"), repeat=3).errors[0].notes
    assert notes == ["failing the same way for 3 runs"]


def test_a_pass_or_another_failure_in_between_starts_the_count_again(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        run(history, error())
        run(history, error())
        run(history, exit_code=0)
        run(history, error())
        run(history, error(SIG_B))
        assert run(history, error()).errors[0].notes == []


def test_repeats_are_counted_per_test(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        for i in range(3):
            rep = run(
                history,
                error(test="t.py::a"),
                error(test="t.py::b") if i != 1 else error(SIG_B, test="t.py::b"),
                command="pytest",
            )
        assert rep.errors[0].notes == ["failing the same way for 3 runs"]
        assert rep.errors[1].notes == []


def test_a_test_that_passes_after_its_fix_was_shown_counts_as_a_success(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        assert history.success_rate("py-missing-module") is None
        run(history, error(test="t.py::a", fix="pip install requests"), command="pytest")
        assert history.success_rate("py-missing-module") == 0.5  # shown, not decided yet
        change(tmp_path)
        run(history, command="pytest", exit_code=0, passed=("t.py::a",))
        assert history.success_rate("py-missing-module") == pytest.approx(2 / 3)
        [stats] = history.pattern_stats()
    assert (stats.worked, stats.failed, stats.success) == (1, 0, "worked after 1 of 1 code change")


def test_a_test_id_holding_a_secret_is_stored_masked_and_still_followed(tmp_path: Path) -> None:
    test_id = "t.py::test_login[token=abc123def]"
    with opened(tmp_path) as history:
        run(history, error(test=test_id, fix="pip install requests"), command="pytest")
        change(tmp_path)
        run(history, command="pytest", exit_code=0, passed=(test_id,))
        [stats] = history.pattern_stats()
    assert (stats.worked, stats.failed) == (1, 0)
    assert b"abc123def" not in (tmp_path / ".errlearn" / "history.sqlite3").read_bytes()


def test_the_same_failure_after_its_fix_was_shown_counts_against_the_fix(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        run(history, error(fix="pip install requests"))
        change(tmp_path)
        rep = run(history, error(fix="pip install requests"))
        assert history.success_rate("py-missing-module") == pytest.approx(1 / 3)
        assert rep.errors[0].match is not None
        assert rep.errors[0].match.success == "worked 0 of 1 time"
        change(tmp_path)
        run(history, exit_code=0)  # the second showing worked
        rep = run(history, error(fix="pip install requests"))
    assert rep.errors[0].match is not None
    assert rep.errors[0].match.success == "worked 1 of 2 times"


def test_a_different_failure_leaves_the_outcome_open(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        run(history, error(fix="pip install requests"))
        change(tmp_path)
        run(history, error(SIG_B))
        [stats] = history.pattern_stats()
    assert (stats.worked, stats.failed) == (0, 0)


def test_a_failure_also_seen_in_passing_runs_is_noise_and_never_the_primary(tmp_path: Path) -> None:
    def deprecation() -> Error:  # the detector ranks it above the real cause
        return error(SIG_B, message="DeprecationWarning: call is deprecated", rank=9)

    with opened(tmp_path) as history:
        run(history, deprecation(), exit_code=0)
        rep = run(history, deprecation(), error(SIG_A, rank=1))
    assert rep.errors[0].notes == [NOISE_NOTE]
    assert rep.errors[1].notes == []
    assert rep.primary_index == 1


def test_when_everything_is_noise_the_primary_stays(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        run(history, error(SIG_B), exit_code=0)
        rep = run(history, error(SIG_B))
    assert rep.errors[0].notes == [NOISE_NOTE]
    assert rep.primary_index == 0


def test_noise_is_left_out_of_hints(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        run(history, error(SIG_B), exit_code=0)
        run(history, error(SIG_B), error(SIG_A))
        assert [h.signature for h in history.hints("npm test")] == [SIG_A]


@pytest.mark.parametrize(
    ("command", "key"),
    [
        ("npm test --silent", "npm test"),
        ("npm run build -- --prod", "npm run build"),
        ("python -m pytest tests/unit -x", "pytest"),
        ("python3.12 -m pytest", "pytest"),
        ("pytest tests/test_a.py::test_b", "pytest"),
        ("cargo build --release", "cargo build"),
        ("CI=1 timeout 60 make all -j4", "make all"),
        ("make -C sub all", "make all"),  # -C takes sub: the target is all, as the hooks read it
        ("make all", "make all"),
        ("/usr/bin/go test ./...", "go test"),
        ("bash -c 'npm ci && npm test'", "npm ci"),
        ("npx jest --watch", "jest"),
        ("./gradlew :app:test", "gradlew :app:test"),
        ("", ""),
    ],
)
def test_a_command_is_filed_under_its_program_and_subcommand(command: str, key: str) -> None:
    assert command_key(command) == key
