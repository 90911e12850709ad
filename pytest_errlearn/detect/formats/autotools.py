"""Autotools: ``configure``'s errors and automake's test harness (``make check``).

``configure: error: ...`` stops the build; its next lines often say more (the
packages pkg-config did not find). A check that fails before it prints its
result leaves the error on its line (``checking for GLIB... configure: error:``).
automake's harness prints one line a test,
``PASS: name``, ``FAIL: name`` (with the TAP driver, each TAP result:
``FAIL: t/cart.t 2 - total``): where the test printed its own error above it
(a Check or Unity failure, an assertion), the line only follows from that;
else it is the test's error. A summary follows whose ``# FAIL:  1`` only
counts those lines; the test's own output is in ``test-suite.log``, which CI
scripts often print after it (``FAIL: name`` again, underlined).

Python's unittest prints ``FAIL: test_x (module.Class)`` and nose ``FAIL:
module.test_x``: a name with a dot (but a script's extension) or in
parentheses stays theirs (python.py).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 8  # before python.py's unittest header, which takes any "FAIL: name"
COMMANDS = {"configure": "configure", "autoreconf": "autoreconf"}
BUILDS: dict[str, frozenset[str] | None] = {"configure": None, "autoreconf": None}


class ConfigureError(Reader):
    """The lines under ``configure: error:`` that say more, up to a blank line
    and the next one: pkg-config's ``No package 'x' found``, the hints. Where
    the error ends with a colon ("... were not met:"), the packages pkg-config
    names under it end its message: they are what to install."""

    frames_wanted = False
    _MORE = regex(r"^(?:No package '|Package '|Requested '|[A-Z]\w+ .*(?:found|installed))")
    _NAMED = regex(r"^(?:No package '|Package '|Requested ')")
    _NAMES = 3  # packages named in the message, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.named: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if self.blanks and not self._MORE.match(line):
            return False
        if line.startswith(("configure:", "checking ", "The command ")):
            return False
        if len(self.named) < self._NAMES and self._NAMED.match(line):
            self.named.append(line.strip())
        return True

    def finish(self) -> None:
        if self.named and self.err.message.rstrip().endswith(":"):
            self.err.message = f"{self.err.message.rstrip()} {'; '.join(self.named)}"
        super().finish()


READERS = {"configure": ConfigureError}

# A test's name as the harness gives it: a path, with a script's extension at most.
_TEST = r"(?P<test>(?:[\w.+-]*/)*[\w+-]+(?:\.(?:sh|test|t|pl|py|exe|tap|bats))?)"

ROWS = (
    Format(  # AC_MSG_FAILURE's first line: the folder configure ran in; the next says why
        "configure-error-in",
        r"^configure(?::\d+)?: error: in [`'](?P<file>.+)':$",
        tool="configure",
        role="place",
        examples=("configure: error: in `/home/user/cart':", "configure:3835: error: in '/src':"),
    ),
    Format(  # on the line of the check that failed, where it printed no result; in config.log,
        # after the line of the script that said it ("configure:3837: error: ...")
        "configure-error",
        r"^(?:checking .*?\.\.\. )?configure(?::\d+)?: error: (?P<msg>.+)$",
        tool="configure",
        block="configure",
        rank=2,
        examples=(
            "configure: error: Package requirements (libxml-2.0 >= 2.9) were not met:",
            "configure: error: C compiler cannot create executables",
            "checking for XML... configure: error: Package requirements (libxml-2.0) were not met:",
            "configure:3837: error: C compiler cannot create executables",
        ),
    ),
    Format(
        "automake-test",
        r"^(?P<sev>FAIL|ERROR|XPASS): " + _TEST + r"(?: \d+(?: - (?P<msg>.*))?)?\s*$",
        tool="automake",
        role="consequence",  # of the test's own error read above it; else the error itself
        category="assertion",
        rank=3,
        examples=("FAIL: test_cart", "FAIL: t/cart.t 2 - total", "ERROR: tests/run.sh"),
    ),
    Format(  # the harness's shell on a test that crashed: the test's FAIL line says which
        "automake-test-driver",
        r'^(?:\S*/)?test-driver: line \d+: +\d+ [A-Z][\w ]+?(?: \(core dumped\))? +"\$@" '
        r'>> "\$log_file" 2>&1$',
        tool="automake",
        role="ignore",
        rank=0,
        examples=(
            './test-driver: line 112: 26028 Aborted                 "$@" >> "$log_file" 2>&1',
        ),
    ),
    Format(  # the harness's summary: each failure was said above it
        "automake-summary",
        r"^# (?:FAIL|ERROR|XPASS): +[1-9]\d*$",
        tool="automake",
        role="consequence",
        rank=0,
        examples=("# FAIL:  1", "# ERROR: 2"),
    ),
    Format(
        "automake-see-log",
        r"^See (?:\S+/)?test-suite\.log$",
        tool="automake",
        role="ignore",
        rank=0,
        words=("test-suite.log",),
        examples=("See tests/test-suite.log",),
    ),
)
