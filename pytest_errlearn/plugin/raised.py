"""An exception as the plugin reads it, taken while the exception is at hand.

``Raised.of`` keeps the few strings and places errlearn needs of an exception
and its chain: nothing of it holds the exception, its traceback or its
frames, so a failed test's locals are freed as they would be without
errlearn, however late in the session its failure is read.
"""

from __future__ import annotations

from typing import NamedTuple

from ..detect.frames import is_user_path

MAX_LEAVES = 5  # leaves of an exception group named in its message
MAX_MESSAGE = 1000  # characters of an exception's message kept


class Link(NamedTuple):
    """One exception of a chain."""

    name: str  # its type's name
    described: str  # ``Type: first line of the message``
    message: str  # the same, a group's leaves named too
    at: tuple[str, int] | None  # the innermost frame of the user's code it passed through


class Raised(NamedTuple):
    """An exception and its chain, outermost first (as pytest shows it), and
    the leaves of the exception groups among them."""

    links: tuple[Link, ...]
    leaves: tuple[str, ...]

    @classmethod
    def of(cls, exc: BaseException) -> Raised:
        chain = _chain(exc)
        links = tuple(
            Link(type(e).__name__, describe(e), _message(e), _innermost(e)) for e in chain
        )
        return cls(links, tuple(_leaves(chain)))


NOTHING = Raised((), ())  # a failure with no exception (an XPASS(strict), a collection error)


def describe(exc: BaseException) -> str:
    """``Type: first line of the message``, as Python prints its last line."""
    name = type(exc).__name__
    lines = str(exc).strip().splitlines()
    first = lines[0].strip()[:MAX_MESSAGE] if lines else ""
    return f"{name}: {first}" if first else name


def _chain(exc: BaseException) -> list[BaseException]:
    """The exception and what it carries, outermost first: its chain, as pytest shows it."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    return chain


def _leaves(raised: list[BaseException]) -> list[str]:
    """The leaves of the exception groups in ``raised``, described."""
    out: list[str] = []
    stack = [e for e in raised if isinstance(e, BaseExceptionGroup)]
    while stack:
        group = stack.pop(0)
        for sub in group.exceptions:
            if isinstance(sub, BaseExceptionGroup):
                stack.append(sub)
            else:
                out.append(describe(sub))
    return out


def _message(exc: BaseException) -> str:
    """The one-line message of an exception.

    A group names its leaves too: ``ExceptionGroup: many (2 sub-exceptions):
    ValueError: a; TypeError: b``.
    """
    if not isinstance(exc, BaseExceptionGroup):
        return describe(exc)
    leaves = _leaves([exc])
    shown = "; ".join(leaves[:MAX_LEAVES]) + ("; ..." if len(leaves) > MAX_LEAVES else "")
    return f"{describe(exc)}: {shown}" if shown else describe(exc)


def _innermost(exc: BaseException) -> tuple[str, int] | None:
    """The innermost frame of the user's own code the exception passed through,
    else None (it never left a library: the text says better)."""
    found = None
    tb = exc.__traceback__
    while tb is not None:
        path = tb.tb_frame.f_code.co_filename
        if is_user_path(path):
            found = (path, tb.tb_lineno)
        tb = tb.tb_next
    return found
