"""Running the patterns' own regexes in bounded time.

A user's regex may backtrack catastrophically (``(a+)+$`` on a long line), and
stdlib ``re`` cannot be interrupted from another thread. So every regex that
google-re2 can compile runs there (linear time); the rest run in a worker
process whose searches are cut by a timer.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import weakref
from collections.abc import Sequence
from typing import Any

MAX_REGEX_TEXT = 1 << 16  # characters of a block the regexes search
REGEX_BUDGET = 0.2  # seconds one search in Python's re may take before it is given up

# Runs Python's re in its own process, so that a catastrophic regex can be
# interrupted (SIGALRM reaches sre's loop) without touching the user's process.
_WORKER = r"""
import json, re, signal, sys
class Slow(Exception): pass
def alarm(*_): raise Slow
timed = hasattr(signal, "SIGALRM")
if timed: signal.signal(signal.SIGALRM, alarm)
head = json.loads(sys.stdin.readline())
budget, rx = head["budget"], {int(k): re.compile(v) for k, v in head["regexes"].items()}
for line in sys.stdin:
    req, hit, groups, slow = json.loads(line), None, {}, []
    for i in req["ids"]:
        try:
            try:
                if timed: signal.setitimer(signal.ITIMER_REAL, budget)
                m = rx[i].search(req["text"])
            finally:
                if timed: signal.setitimer(signal.ITIMER_REAL, 0)
        except Slow:
            slow.append(i)
            continue
        if m:
            hit, groups = i, {k: v for k, v in m.groupdict().items() if v is not None}
            break
    print(json.dumps({"hit": hit, "groups": groups, "slow": slow}), flush=True)
"""


class RegexBank:
    """The patterns' ``match`` regexes, searched in bounded time.

    With google-re2 installed every regex it can compile runs there (linear
    time, all of them at once through an ``re2.Set``); the rest (lookarounds,
    backreferences), or all of them without re2, run in a worker process with
    a per-search time budget. A regex that runs over is named on stderr once
    and skipped from then on.
    """

    def __init__(self, regexes: Sequence[tuple[str | None, str]]) -> None:
        self._regexes = regexes  # (regex or None, what a warning calls it), by pattern order
        self._re2: dict[int, Any] | None = None  # order -> compiled re2 regex
        self._set: Any = None
        self._set_orders: list[int] = []
        self._slow: set[int] = set()
        self._proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str] = queue.Queue()
        self._broken = False

    def _setup(self) -> None:
        self._re2 = {}
        try:
            import re2  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            return
        options = re2.Options()
        options.log_errors = False
        options.max_mem = 256 << 20
        regex_set = re2.Set.SearchSet(options)
        for order, (regex, _) in enumerate(self._regexes):
            if regex is None:
                continue
            try:
                self._re2[order] = re2.compile(regex, options)
                regex_set.Add(regex)
            except re2.error:
                self._re2.pop(order, None)  # Python-only syntax: the worker runs it
                continue
            self._set_orders.append(order)
        if self._set_orders:
            regex_set.Compile()
            self._set = regex_set

    def first(self, text: str, orders: Sequence[int]) -> tuple[int, dict[str, str]] | None:
        """The first of ``orders`` whose regex is found in ``text``, and its named groups."""
        if self._re2 is None:
            self._setup()
        assert self._re2 is not None
        text = text[:MAX_REGEX_TEXT]
        hits = {self._set_orders[i] for i in self._set.Match(text) or ()} if self._set else set()
        pending: list[int] = []
        for order in orders:
            if order in self._re2:
                if order not in hits:
                    continue
                if pending and (found := self._in_worker(text, pending)) is not None:
                    return found
                m = self._re2[order].search(text)
                return order, {k: v for k, v in m.groupdict().items() if v is not None}
            if self._regexes[order][0] is not None and order not in self._slow:
                pending.append(order)
        return self._in_worker(text, pending) if pending else None

    def _in_worker(self, text: str, orders: list[int]) -> tuple[int, dict[str, str]] | None:
        if self._broken or (self._proc is None and not self._start()):
            return None
        assert self._proc is not None and self._proc.stdin is not None
        try:
            self._proc.stdin.write(json.dumps({"text": text, "ids": orders}) + "\n")
            self._proc.stdin.flush()
            answer = json.loads(self._lines.get(timeout=REGEX_BUDGET * len(orders) + 5.0))
        except (OSError, ValueError, queue.Empty):
            self._give_up("the regex worker stopped answering; regex matching is off for this run")
            return None
        for order in answer["slow"]:
            self._slow.add(order)
            _warn(
                f"{self._regexes[order][1]}: its match regex ran over {REGEX_BUDGET} s "
                f"on a {len(text)}-character block; skipped"
            )
        hit = answer["hit"]
        return None if hit is None else (int(hit), dict(answer["groups"]))

    def _start(self) -> bool:
        regexes = {
            o: rx
            for o, (rx, _) in enumerate(self._regexes)
            if rx is not None and o not in (self._re2 or {})
        }
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-I", "-c", _WORKER],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="ascii",
            )
        except OSError as exc:
            self._give_up(f"cannot start the regex worker ({exc}); regex matching is off")
            return False
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps({"budget": REGEX_BUDGET, "regexes": regexes}) + "\n")
        threading.Thread(target=_pump, args=(self._proc, self._lines), daemon=True).start()
        weakref.finalize(self, _stop, self._proc)
        return True

    def _give_up(self, why: str) -> None:
        self._broken = True
        _warn(why)
        self.close()

    def close(self) -> None:
        if self._proc is not None:
            _stop(self._proc)
            self._proc = None


def _pump(proc: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.put(line)


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def _warn(text: str) -> None:
    sys.stderr.write(f"errlearn: warning: {text}\n")
