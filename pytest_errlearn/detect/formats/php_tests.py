"""PHP's test runners: PHPUnit (and ParaTest, which runs it) and run-tests.php, the
runner of .phpt tests. A PHPUnit failure is at its first place in the project's own
code (php.py's ``user``); its summary only repeats the failures. (The engine's errors,
Composer and Symfony's console, PHPStan, Psalm and php-cs-fixer: php.py.)"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .php import user

# With php.py's: before the "1) title" rows (ruby_tests.py's RSpec row, node.py's mocha row),
# which would take PHPUnit's "1) CalcTest::testAdd".
ORDER = 13
COMMANDS = dict.fromkeys(("phpunit", "paratest"), "phpunit")
BUILDS: dict[str, frozenset[str] | None] = {"phpunit": None, "paratest": None}


class PhpUnitTest(Reader):
    """A PHPUnit failure or error: ``1) CalcTest::testAdd``, the message (a
    diff may follow), a blank line, then the places, innermost first; an
    exception's previous ones follow as ``Caused by`` parts. The error is the
    last part's (the root cause), at its first place in the project's code.
    """

    frames_wanted = False
    _STOP = regex(
        r"^(?:\d+\) \S|--$|(?:FAILURES|ERRORS|WARNINGS)!$|OK\b|Tests: \d+|"
        r"There (?:was|were) \d+ |\d+ tests? triggered |Time: \d)"
    )
    _PLACE = regex(r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.placed = False  # the current part's places have begun
        self.parts: list[tuple[list[str], list[tuple[str, int]]]] = [([], [])]

    def accept(self, line: str) -> bool:
        if self._STOP.match(line):
            return False
        stripped = line.strip()
        if not stripped:
            return True
        caused = stripped == "Caused by"
        if self.placed and (self.blanks or not self._PLACE.match(stripped)) and not caused:
            return False  # the places are over: what follows is not this failure's
        if caused:
            self.parts.append(([], []))
            self.placed = False
        elif m := self._PLACE.match(stripped):
            self.parts[-1][1].append((m["file"], int(m["line"])))
            self.placed = True
        else:
            self.parts[-1][0].append(stripped)
        return True

    def finish(self) -> None:
        said, places = next(((s, p) for s, p in reversed(self.parts) if s or p), ([], []))
        if said:
            self.err.message = said[0]
        where = next((p for p in places if user(p[0])), places[0] if places else None)
        if where is not None:
            self.err.file, self.err.line = where


class PhpUnitTestdox(PhpUnitTest):
    """A failed test in PHPUnit's ``--testdox`` output: the same lines, in a
    ``│`` margin under `` ✘ Adds numbers``."""

    _MARGIN = regex(r"^\s+[│┐├┴┘](?: |$)")

    def accept(self, line: str) -> bool:
        if not self._MARGIN.match(line):
            return False
        super().accept(line.strip()[1:].strip())
        return True


class PhpUnitIssues(Reader):
    """A section of PHPUnit's issues that fail nothing (risky, skipped and
    incomplete tests, warnings, deprecations, notices): taken whole, as one
    warning, up to the next section or the summary."""

    frames_wanted = False
    _END = regex(
        r"^(?:--$|(?:FAILURES|ERRORS|WARNINGS)!$|OK\b|Tests: \d+|There (?:was|were) \d+ |"
        r"\d+ tests? triggered )"
    )

    def accept(self, line: str) -> bool:
        return self._END.match(line) is None

    def finish(self) -> None:
        pass


READERS = {
    "phpunit": PhpUnitTest,
    "phpunit-testdox": PhpUnitTestdox,
    "phpunit-issues": PhpUnitIssues,
}

ROWS = (
    Format(  # run-tests.php, the runner of .phpt tests (php-src, PECL extensions)
        "phpt-failure",
        r"^(?:LEAK&)?FAIL (?P<msg>.+?) \[(?P<file>[^\]\s]+\.phpt)\]\s*$",
        tool="php",
        category="assertion",
        rank=3,
        examples=(
            "FAIL Adding two numbers [tests/001-add.phpt] ",
            "FAIL Bug #1234 (reading a missing key) [tests/003-warn.phpt]",
        ),
    ),
    Format(
        "phpunit-test",
        r"^\d+\) (?P<test>[\w\\]+::\w+(?: with data set .+)?)$",
        tool="phpunit",
        block="phpunit",
        rank=3,
        examples=(
            "1) CalcTest::testAdd",
            "2) App\\Tests\\CalcTest::testDiv with data set #0 (4, 0)",
        ),
    ),
    Format(
        "phpunit-testdox",
        r"^ ✘ (?P<test>\S.*)$",
        tool="phpunit",
        block="phpunit-testdox",
        rank=3,
        words=("✘",),
        examples=(" ✘ Adds two numbers",),
    ),
    Format(  # a section of issues that fail no test: one warning, its entries in it
        "phpunit-issues",
        r"^(?P<msg>(?:There (?:was|were) \d+ (?:risky|skipped|incomplete) tests?|"
        r"There (?:was|were) \d+ (?:PHPUnit (?:test runner )?)?(?:warning|deprecation|notice)s?|"
        r"\d+ tests? triggered \d+ (?:PHP |PHPUnit )?(?:warning|notice|deprecation)s?)"
        r"):$",
        tool="phpunit",
        role="warning",
        block="phpunit-issues",
        words=(
            "risky test",
            "skipped test",
            "incomplete test",
            "triggered",
            "deprecation",
            "notice",
        ),
        examples=(
            "There was 1 risky test:",
            "There were 2 PHPUnit test runner warnings:",
            "5 tests triggered 5 deprecations:",
        ),
    ),
    Format(
        "phpunit-summary",
        r"^(?:(?:FAILURES|ERRORS)!|Tests: \d+, Assertions: \d+, (?=.*\b(?:Errors|Failures): "
        r"[1-9]).*)$",
        tool="phpunit",
        role="consequence",
        rank=0,
        examples=("FAILURES!", "Tests: 5, Assertions: 3, Errors: 1, Failures: 2, Risky: 1."),
    ),
    Format(
        "phpunit-missing-file",
        r'^(?P<msg>(?:Cannot open file|Test file) "(?P<file>[^"]+)"(?: not found)?\.?)$',
        tool="phpunit",
        category="filesystem",
        rank=2,
        examples=('Cannot open file "tests/NopeTest.php".', 'Test file "tests/X.php" not found'),
    ),
)
