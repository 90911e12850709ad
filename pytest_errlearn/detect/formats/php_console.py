"""Composer, and the consoles PHP's frameworks print their exceptions in: Symfony's
(Composer, Laravel's artisan, Symfony's bin/console) and Laravel's Collision.
(The engine's own errors, PHPStan, Psalm and php-cs-fixer: php.py.)

Composer says why it could not resolve the requirements in ``Problem N``
sections under its verdict, one ``- ...`` line a reason each; users often
paste the sections alone. Collision (``php artisan``, Pest) prints an
uncaught exception as its class on a line of its own, the message under it,
``at file:line``, the code around that line and the numbered frames::

       Illuminate\\Database\\QueryException

      SQLSTATE[HY000] [2002] Connection refused (SQL: select * from ...)

      at vendor/laravel/framework/src/Illuminate/Database/Connection.php:760
        756▕         // If an exception occurs when attempting to run a query, ...
      ➜ 760▕             throw new QueryException(

          +12 vendor frames
      13  database/migrations/2020_12_13_000000_add_column.php:18
          Illuminate\\Support\\Facades\\Facade::__callStatic("table")
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in
from .php import user

ORDER = 13  # with php.py's rows
COMMANDS = {"composer": "composer"}
BUILDS: dict[str, frozenset[str] | None] = {
    "composer": frozenset({"install", "update", "require", "test", "run-script", "run"}),
}


class ComposerProblems(Reader):
    """The ``Problem N`` sections under Composer's verdict (or a section pasted
    alone): the reason is the first ``- ...`` line of the first problem that says
    why, not which version a requirement was resolved to or locked at."""

    frames_wanted = False
    _REASON = regex(r"^\s+- (?P<reason>\S.*?)\s*$")
    _PROBLEM = regex(r"^\s*Problem \d+\s*$")
    _PLAIN = regex(r"satisfiable by |is locked to version |^Conclusion: ")  # which, not why

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.problems = 1 if self._PROBLEM.match(err.text) else 0
        self.reasons: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip():
            return True
        if self._PROBLEM.match(line):
            self.problems += 1
            return True
        if not line[:1].isspace():
            return False
        if self.problems == 1 and (m := self._REASON.match(line)):
            self.reasons.append(m["reason"])
        return True

    def finish(self) -> None:
        reasons = self.reasons
        reason = next(
            (r for r in reasons if not self._PLAIN.search(r)), reasons[0] if reasons else ""
        )
        if reason:  # the verdict above it says only that there is a problem
            self.err.message = reason


class ConsoleException(Reader):
    """An exception as Symfony's console renders it (Composer, Laravel's artisan,
    Symfony's bin/console): its message in a padded box under ``In File.php line
    12:`` (or, before Symfony 3.4, under ``[ExceptionClass]`` in the box), the
    previous exceptions of a chain in boxes of their own below. The error is the
    last one's, the root cause."""

    frames_wanted = False
    _PART = regex(r"^In \S+ line \d+:\s*$")
    _CLASS = regex(r"^\s*\[[\w\\]+\]\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[list[str]] = [[]]

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self._PART.match(line) or (self._CLASS.match(line) and self.said[-1]):
            self.said.append([])  # a previous exception, in a box of its own
            return True
        if stripped and not line[:1].isspace():
            return False
        if stripped and not self._CLASS.match(line):
            self.said[-1].append(stripped)
        return True

    def finish(self) -> None:
        if said := next((s for s in reversed(self.said) if s), None):
            self.err.message = said[0]


class Collision(Reader):
    """An exception as Laravel's Collision prints it (the module docstring): the
    message under the class (or after it, ``Class  : message``, in Collision
    before 5), then ``at file:line``, the code there, the frames. The error is
    ``Class: message``, at the innermost frame of the project's code; at the
    ``at`` place when every frame is installed code or the entry script."""

    frames_wanted = False
    _AT = regex(r"^\s+at (?P<file>\S+?):(?P<line>\d+)\s*$")
    _CODE = regex(r"^\s+(?:(?:>|\u279c)\s*)?\d+(?:\||\u2595)")  # "  > 671| ...", "  ➜ 678▕ ..."
    # "  13  database/migrations/x.php:18", "      +12 vendor frames", "  Exception trace:"
    _FRAME = regex(r"^\s+(?:\d+\s+(?P<file>\S+?):(?P<line>\d+)\s*$|\+\d+ vendor frames?\s*$)")
    _ENTRY = regex(r"^(?:artisan|public/index\.php|\[internal\]|vendor/)")

    # PDO's own words for a database it could not use: what to install, reach or set
    _DATABASE = (
        ("dependency", regex(r"could not find driver")),
        ("network", regex(r"Connection refused|No such host|getaddrinfo|timed out")),
        ("config", regex(r"Access denied for user|Unknown database|authentication failed")),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.at: tuple[str, int] | None = None
        self.frames: list[tuple[str, int]] = []
        # Collision before 5 ("Class  : message"): a terminal wraps the message at its
        # width, the next line going on from the very column (within a word)
        self.wrapping = " : " in err.text
        self.wrapped = 0

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            self.wrapping = False
            return self.count < 6 + self.wrapped or self.at is not None
        if self.wrapping and not line[:1].isspace():
            self.err.message += line.rstrip()
            self.wrapped += 1
            return True
        self.wrapping = False
        if not line[:1].isspace():
            return False
        if (at := self._AT.match(line)) is not None and self.at is None:
            self.at = at["file"], int(at["line"])
        elif (frame := self._FRAME.match(line)) is not None:
            if frame["file"]:
                self.frames.append((frame["file"], int(frame["line"])))
        elif self.at is None and not self._CODE.match(line):
            self.said.append(stripped)  # the message, above its place
        return True

    def finish(self) -> None:
        err = self.err
        self.valid = self.at is not None
        said = " ".join(self.said) if self.said else err.message
        exc = err.text.split(" :", 1)[0].strip()
        err.message = said if said.startswith(exc) else f"{exc}: {said}"
        where = next((f for f in self.frames if user(f[0]) and not self._ENTRY.match(f[0])), None)
        if (where := where or self.at) is not None:
            err.file, err.line = where

    def category(self) -> str | None:
        return said_in(self._DATABASE, self.err.message) or self.said_else("runtime")


READERS = {
    "composer-problems": ComposerProblems,
    "console-exception": ConsoleException,
    "collision": Collision,
}

ROWS = (
    Format(
        "composer-unresolvable",
        r"^(?P<msg>Your requirements could not be resolved to an installable set of packages\.|"
        r"Your lock file does not contain a compatible set of packages\. Please run composer "
        r"update\.)$",
        tool="composer",
        category="dependency",
        block="composer-problems",
        rank=2,
        words=("installable set", "compatible set"),
        examples=("Your requirements could not be resolved to an installable set of packages.",),
    ),
    Format(  # a problem pasted without the verdict above it: its reasons under it
        "composer-problem",
        r"^\s{0,2}Problem 1\s*$",
        tool="composer",
        category="dependency",
        block="composer-problems",
        rank=2,
        words=("problem 1",),
        examples=("  Problem 1",),
    ),
    Format(
        "composer-not-found",
        r"^\s*(?P<msg>Could not find (?:a matching version of )?package [\w.-]+/[\w.-]+.*?)\s*$",
        tool="composer",
        category="dependency",
        rank=2,
        words=("could not find a matching", "could not find package"),
        examples=(
            "  Could not find package nope/nope.",
            "Could not find a matching version of package acme/nope. Check the package spelling, "
            "your version constraint and that the package is available in a stability which "
            "matches your minimum-stability (stable).",
        ),
    ),
    Format(
        "composer-consequence",
        r"^(?:Installation failed, reverting \./composer\.json|Script \S.* handling the "
        r"[\w-]+ event returned with error code \d+)",
        tool="composer",
        role="consequence",
        rank=0,
        examples=(
            "Installation failed, reverting ./composer.json and ./composer.lock to their "
            "original content.",
            "Script phpunit handling the test event returned with error code 1",
        ),
    ),
    Format(  # Symfony's console (Composer, artisan, bin/console): the message is boxed below
        "console-exception",
        r"^(?:In [\w.-]+\.php line \d+:|\s*\[[\w\\]+(?:Exception|Error)\])\s*$",
        tool="php",
        block="console-exception",
        rank=2,
        examples=(
            "In PackageDiscoveryTrait.php line 383:",
            "  [Symfony\\Component\\Console\\Exception\\UnknownCommandException]  ",
        ),
    ),
    Format(  # Collision (artisan, Pest): the class alone (or "Class  : message"), indented
        "collision",
        r"^ {2,3}(?P<exc>(?:[A-Z]\w*\\)+[A-Z]\w*|[A-Z]\w*(?:Exception|Error)|Error)"
        r"(?: +: (?P<msg>\S.*?))?\s*$",
        tool="php",
        block="collision",
        rank=2,
        words=("exception", "error"),
        examples=(
            "   Illuminate\\Database\\QueryException ",
            "   ErrorException ",
            "   Illuminate\\Database\\QueryException  : SQLSTATE[HY000] [2002] Connection refused",
        ),
    ),
)
