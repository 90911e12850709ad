"""The runner's wait on descriptors, through poll() and through the selector macOS gets."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

import pytest
from errlearn_wrapper import watch as watch_module
from errlearn_wrapper.watch import Watch


@pytest.fixture(params=["poll", "selector"])
def watch(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    monkeypatch.setattr(watch_module, "POLL_TAKES_DEVICES", request.param == "poll")
    made = Watch()
    yield made
    made.close()


@pytest.fixture
def pipe() -> Iterator[tuple[int, int]]:
    read_end, write_end = os.pipe()
    yield read_end, write_end
    for fd in (read_end, write_end):
        with contextlib.suppress(OSError):  # closed by the test
            os.close(fd)


def test_nothing_ready_is_an_empty_list_after_the_timeout(
    watch: Watch, pipe: tuple[int, int]
) -> None:
    watch.add(pipe[0], "out")
    assert watch.wait(0.01) == []


def test_a_pipe_with_bytes_is_readable_with_what_it_stands_for(
    watch: Watch, pipe: tuple[int, int]
) -> None:
    watch.add(pipe[0], "out")
    os.write(pipe[1], b"x")
    assert watch.wait(1) == [(pipe[0], "out", True, False)]


def test_a_pipe_whose_writer_is_gone_reads_as_readable_and_its_read_says_the_end(
    watch: Watch, pipe: tuple[int, int]
) -> None:
    watch.add(pipe[0], "out")
    os.close(pipe[1])
    assert watch.wait(1) == [(pipe[0], "out", True, False)]
    assert os.read(pipe[0], 10) == b""


def test_a_descriptor_is_writable_only_while_watched_for_writing(
    watch: Watch, pipe: tuple[int, int]
) -> None:
    watch.add(pipe[1], "in")
    assert watch.wait(0.01) == []
    watch.writing(pipe[1], True)
    assert watch.wait(1) == [(pipe[1], "in", False, True)]
    watch.writing(pipe[1], False)
    assert watch.wait(0.01) == []


def test_a_removed_descriptor_is_no_longer_watched(watch: Watch, pipe: tuple[int, int]) -> None:
    watch.add(pipe[0], "out")
    os.write(pipe[1], b"x")
    watch.remove(pipe[0])
    assert watch.wait(0.01) == []


def test_a_pty_is_watched_like_a_pipe(watch: Watch) -> None:
    master, slave = os.openpty()
    try:
        watch.add(master, "pty")
        os.write(slave, b"hello\n")
        assert watch.wait(1) == [(master, "pty", True, False)]
    finally:
        os.close(master)
        os.close(slave)
