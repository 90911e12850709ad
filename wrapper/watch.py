"""Waiting on the command's descriptors: its outputs, its exit, the keyboard.

``select.poll`` rather than ``selectors``: the runner waits on four
descriptors at most, and ``selectors`` would load ``math`` and a dozen
classes into the start-up of every run. macOS's poll() takes no device, and
a pty is one: there the wait goes through the system's selector (kqueue),
behind the same face.
"""

from __future__ import annotations

import select
import sys

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Protocol

    class Poll(Protocol):
        """What ``Watch`` asks of ``select.poll()``."""

        def register(self, fd: int, eventmask: int, /) -> None: ...
        def modify(self, fd: int, eventmask: int, /) -> None: ...
        def unregister(self, fd: int, /) -> None: ...
        def poll(self, timeout: float | None = ..., /) -> list[tuple[int, int]]: ...


POLL_TAKES_DEVICES = sys.platform != "darwin"  # macOS's poll(2): "does not support devices"


class Watch:
    """The descriptors the runner waits on, each with what it stands for."""

    def __init__(self) -> None:
        self._poll: Poll = select.poll() if POLL_TAKES_DEVICES else _Selector()
        self._held: dict[int, tuple[object, bool]] = {}  # fd: (what it is, watched for writing)

    def add(self, fd: int, data: object) -> None:
        """Watch ``fd`` for reading."""
        self._poll.register(fd, select.POLLIN)
        self._held[fd] = (data, False)

    def writing(self, fd: int, write: bool) -> None:
        """Watch ``fd`` for writing too, or no longer."""
        self._poll.modify(fd, select.POLLIN | (select.POLLOUT if write else 0))
        self._held[fd] = (self._held[fd][0], write)

    def remove(self, fd: int) -> None:
        self._poll.unregister(fd)
        del self._held[fd]

    def wait(self, timeout: float | None) -> list[tuple[int, object, bool, bool]]:
        """Each ready descriptor as (fd, what it is, readable, writable), within
        ``timeout`` seconds (None: until one is). A hang-up or an error counts
        as both, as far as the descriptor is watched for it: the read or the
        write that follows tells which."""
        ready = []
        for fd, event in self._poll.poll(None if timeout is None else timeout * 1000):
            data, write = self._held[fd]
            readable = bool(event & ~select.POLLOUT)
            ready.append((fd, data, readable, write and bool(event & ~select.POLLIN)))
        return ready

    def close(self) -> None:
        if isinstance(self._poll, _Selector):
            self._poll.close()


class _Selector:
    """``select.poll``'s face on the system's selector, where poll() takes no terminal."""

    def __init__(self) -> None:
        import selectors

        self._sel = selectors.DefaultSelector()
        self._read, self._write = selectors.EVENT_READ, selectors.EVENT_WRITE

    def _events(self, mask: int) -> int:
        return (self._read if mask & select.POLLIN else 0) | (
            self._write if mask & select.POLLOUT else 0
        )

    def register(self, fd: int, eventmask: int, /) -> None:
        self._sel.register(fd, self._events(eventmask))

    def modify(self, fd: int, eventmask: int, /) -> None:
        self._sel.modify(fd, self._events(eventmask))

    def unregister(self, fd: int, /) -> None:
        self._sel.unregister(fd)

    def poll(self, timeout: float | None = None, /) -> list[tuple[int, int]]:
        """As poll(): ``timeout`` in milliseconds. The selector counts a hang-up as
        whatever the descriptor is watched for, as ``Watch.wait`` does."""
        ready = self._sel.select(None if timeout is None else timeout / 1000)
        return [
            (
                key.fd,
                (select.POLLIN if mask & self._read else 0)
                | (select.POLLOUT if mask & self._write else 0),
            )
            for key, mask in ready
        ]

    def close(self) -> None:
        self._sel.close()
