"""PHP: the engine's own errors, PHPStan, Psalm and php-cs-fixer. (Its test runners,
PHPUnit and run-tests.php: php_tests.py; Composer and the consoles of Symfony and
Laravel: php_console.py.)

PHPStan's default format is a table a file, its errors a row each under the
file's name (``  Line   src/Cart.php``), between rules of dashes; each row is
an error at its line in that file."""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

# Where PHP says an error happened: "in /app/x.php on line 3", or "in /app/x.php:3"
# for an uncaught exception; "Command line code" (``php -r``) is no file.
_IN_FILE = (
    r" in (?:(?:Command line code|Standard input code|Unknown) on line \d+"
    r"|(?P<file>(?:[A-Za-z]:)?[^:\s]+)(?: on line |:)(?P<line>\d+))$"
)
_FATAL = (
    r"(?P<sev>Fatal error|Parse error|Catchable fatal error|Recoverable fatal error|"
    r"Core error|Compile error|User error)"
)
_NOTICE = (
    r"(?P<sev>Warning|Notice|Deprecated|Strict Standards|Core Warning|Compile Warning|"
    r"User Warning|User Notice|User Deprecated)"
)
_PHP = r"[^\s:]+\.(?:php|phpt|inc)"
# Installed code, not the project's: composer's vendor folder, distributions' PHP
# libraries (PHPUnit's own frames, when PHPUnit comes from the system).
_NOT_USER = regex(r"/vendor/|^vendor/|/usr/share/php/|/usr/share/pear/|phar://")


def user(path: str) -> bool:
    """Whether a file is the project's own code, not installed code."""
    return _NOT_USER.search(path) is None


# Before apple.py's Swift "Fatal error:" row, which would take PHP's, and the "1) title" rows
# (ruby_tests.py's RSpec row, node.py's mocha row), which would take php-cs-fixer's.
ORDER = 13
COMMANDS = {
    "php": "php",
    "phpstan": "phpstan",
    "psalm": "psalm",
    "php-cs-fixer": "php-cs-fixer",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "php": None,
    "phpstan": frozenset({"analyse", "analyze"}),
    "psalm": None,
    "php-cs-fixer": frozenset({"fix", "check"}),
}


class PhpStack(Reader):
    """An uncaught exception's ``Stack trace:`` (``#0 file(line): call``), its
    ``thrown in`` line and the ``Next`` exceptions chained after it.

    PHP prints the first exception of a chain first: it is the cause, and the
    error stays at its place, unless that place is installed code, where the
    innermost frame of the project's own is the better place. A function given
    the wrong arguments (a TypeError "called in", an ArgumentCountError's "passed
    in" a place) throws where it is defined: the error is at the call.
    """

    frames_wanted = False
    _BODY = regex(r"^(?:Stack trace:|#\d+ |\s+thrown in |PHP Stack trace:|PHP\s+\d+\. |Next )")
    _FRAME = regex(r"^#\d+ (?P<file>[^\s(]+)\((?P<line>\d+)\): ")
    # What the row left of "..., called in /a/x.php on line 4 and defined in /a/x.php:3",
    # and of "..., 1 passed in /a/x.php on line 4 and exactly 2 expected in /a/x.php:3".
    _CALLED = regex(
        r"(?:, called| passed) in (?P<file>(?:[A-Za-z]:)?[^:\s]+) on line (?P<line>\d+) "
        r"and (?:defined|(?P<expected>(?:exactly|at least|at most) \d+ expected))$"
    )

    # A page (``html_errors``) prints the trace on the message's line: "Uncaught Error:
    # ... in /a/x.php:48 Stack trace: #0 ... thrown", the row's message up to "in".
    _INLINE = regex(r" in (?:[A-Za-z]:)?[^:\s]+:\d+ Stack trace: .*$")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks and self.count > 0  # a blank line before "Next ..."
        if self.blanks and not line.startswith("Next "):
            return False
        return self._BODY.match(line) is not None

    def finish(self) -> None:
        err = self.err
        if (inline := self._INLINE.search(err.message)) is not None:
            err.message = err.message[: inline.start()]
        if (called := self._CALLED.search(err.message)) is not None:
            said = err.message[: called.start()]
            err.message = f"{said} passed and {called['expected']}" if called["expected"] else said
            err.file, err.line = called["file"], int(called["line"])
        if err.file is None or user(err.file):
            return
        for line in err.block[1:]:
            if (m := self._FRAME.match(line)) and user(m["file"]):
                err.file, err.line = m["file"], int(m["line"])
                return


_TABLE_HEADING = regex(r"^  Line   (?P<file>\S.*?)\s*$")  # PHPStan's table: a file's
_TABLE_LINE = regex(r"^(?: -+ -+\s*$|  \d+ {3,}\S| {9}\S)")  # rules, rows, a row's more lines


def _table_file(groups: dict[str, str | None], before: Sequence[str]) -> bool:
    """The file of the PHPStan table a row is in: its heading, above the table's
    rules and rows. A numbered line in no such table gets none (no error)."""
    for line in reversed(before):
        if (m := _TABLE_HEADING.match(line)) is not None:
            groups["file"] = m["file"]
            return False
        if line.strip() and not _TABLE_LINE.match(line):  # (a paste may double its lines)
            return False
    return True  # table lines only: its heading is further above


class PhpStanRow(Reader):
    """A row of PHPStan's table (``  12     message``): the message wrapped onto
    lines indented to its column, under which newer versions name the rule
    (``🪪 return.type``) and give a tip. Only a row under a table's heading is
    an error (``_table_file``). Its category is said by the rule's name or, before
    PHPStan 1.11 named them, by the message's documented words."""

    frames_wanted = False
    _MORE = regex(r"^ {9}(?P<text>\S.*?)\s*$")
    _KINDS = (
        (
            "reference",
            regex(
                r"\.notFound\b|\bvariable\.undefined\b|[Uu]ndefined (?:property|method|"
                r"function|constant|variable|static)|\b(?:[Cc]lass|[Ii]nterface|[Tt]rait|"
                r"[Ff]unction|[Cc]onstant) \S+ not found\b|[Uu]nknown class\b"
            ),
        ),
        (
            "type",
            regex(
                r"\.type\b|\bshould return \S.* but returns\b|\bexpects \S.*, \S.* given\b|"
                r"\bdoes not accept\b|\bhas no (?:return )?type specified\b|\bon (?:null|mixed)\b"
            ),
        ),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = err.file is not None
        self.noted = False

    def accept(self, line: str) -> bool:
        if not line.strip():  # a paste that doubled its lines: one blank between each
            return self.blanks == 0
        if (more := self._MORE.match(line)) is None:
            return False
        text = more["text"]
        if text.startswith(("🪪", "💡", "✏️", "At ")):
            self.noted = True
            if text.startswith("🪪") and self.err.code is None:
                self.err.code = text.removeprefix("🪪").strip()
        elif not self.noted:
            self.err.message = f"{self.err.message} {text}"
        return True

    def category(self) -> str | None:
        return said_in(self._KINDS, f"{self.err.code or ''} {self.err.message}")


class PsalmIssue(Reader):
    """A Psalm issue and the source line it quotes under it. Its type (the code)
    says its category, in Psalm's documented names: ``UndefinedMethod``, a name
    that is not there; ``InvalidArgument``, ``PossiblyNullReference``, a type."""

    frames_wanted = False
    _KINDS = (
        ("syntax", regex(r"^ParseError$")),
        (
            "reference",
            regex(r"Undefined|^Inaccessible|^NonStatic|^Abstract(?:Instantiation|Method)"),
        ),
        ("type", regex(r"Type|Argument|Return|Null|False|Offset|Operand|Cast|Mixed|Assignment")),
    )

    def accept(self, line: str) -> bool:
        return self.count == 0 and line[:1].isspace() and bool(line.strip())

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        return said_in(self._KINDS, self.err.code or "")


class CsFixerNotFixed(Reader):
    """php-cs-fixer's list of the files it could not fix, under the heading that
    says why: a file PHP could not parse (``linting before fixing``), or one a
    fixer broke (``fixing``, ``linting after fixing``). The error is at the first
    file; with ``-vv`` an indented line under each says what was wrong."""

    frames_wanted = False
    _FILE = regex(r"^\s+\d+\) (?P<file>\S+)\s*$")

    def accept(self, line: str) -> bool:
        if (m := self._FILE.match(line)) is not None:
            if self.err.file is None:
                self.err.file = m["file"]
            return True
        if line[:1].isspace() and line.strip() and self.err.file is not None:
            if self.err.message == self.err.text.rstrip().removesuffix(":"):
                self.err.message = f"{self.err.message}: {line.strip()}"  # what was wrong
            return True
        return False

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        return "syntax" if "linting before" in self.err.text else self.said_else("runtime")


READERS = {
    "phpstack": PhpStack,
    "phpstan-row": PhpStanRow,
    "psalm": PsalmIssue,
    "cs-fixer-not-fixed": CsFixerNotFixed,
}

ROWS = (
    Format(
        "php-undefined",
        # PHP 7 on throws an Error ("Uncaught Error: ..."); PHP 5 said it bare
        r"^(?:PHP )?" + _FATAL + r":\s+(?P<msg>(?:Uncaught Error: )?(?:Call to undefined "
        r"(?:function|method)|(?:Class|Interface|Trait) (?:\"[^\"]+\"|'[^']+') not found|"
        r"Undefined constant).*?)" + _IN_FILE,
        tool="php",
        category="reference",
        block="phpstack",
        rank=2,
        examples=(
            "PHP Fatal error:  Uncaught Error: Call to undefined function foo() in /app/w.php:5",
            "PHP Fatal error:  Class 'Base' not found in /app/src/Child.php on line 3",
        ),
    ),
    Format(
        "php-fatal",
        r"^(?:PHP )?" + _FATAL + r":\s+(?P<msg>.+?)" + _IN_FILE,
        tool="php",
        block="phpstack",
        rank=2,
        examples=(
            "PHP Fatal error:  Uncaught Exception: boom in /app/src/Calc.php:12",
            'PHP Parse error:  syntax error, unexpected token "}" in x.php on line 5',
            'Parse error: syntax error, unexpected token "}", expecting ";" in /a/b.php on line 4',
            "Fatal error: Allowed memory size of 134217728 bytes exhausted (tried to allocate "
            "20480 bytes) in /app/vendor/x/y.php on line 7",
        ),
    ),
    Format(  # the log's form (``PHP `` first): a message whose place PHP did not know
        "php-fatal-bare",
        r"^PHP " + _FATAL + r":\s+(?P<msg>.+)$",
        tool="php",
        block="phpstack",
        rank=2,
        examples=("PHP Fatal error:  Maximum execution time of 30 seconds exceeded",),
    ),
    Format(
        "php-warning",
        r"^(?:PHP )?" + _NOTICE + r":\s+(?P<msg>.+?)" + _IN_FILE,
        tool="php",
        role="warning",
        words=("deprecated", "notice", "strict standards"),
        examples=(
            'PHP Warning:  Undefined array key "x" in /app/w.php on line 3',
            "Deprecated: strlen(): Passing null to parameter #1 ($string) of type string is "
            "deprecated in /app/a.php on line 1",
            "PHP Notice:  Undefined index:  SERVER_NAME in /path/to/file/Settings.php on line 25",
        ),
    ),
    Format(
        "php-warning-bare",
        r"^PHP " + _NOTICE + r":\s+(?P<msg>.+)$",
        tool="php",
        role="warning",
        words=("deprecated", "notice", "strict standards"),
        examples=('PHP Warning:  Module "xdebug" is already loaded',),
    ),
    Format(  # ``php -l``: the parse error above says it all
        "php-lint-consequence",
        rf"^Errors parsing (?P<file>{_PHP})$",
        tool="php",
        role="consequence",
        rank=0,
        examples=("Errors parsing src/Calc.php",),
    ),
    Format(  # php-cs-fixer: the files it could not fix, listed under why
        "php-cs-fixer-not-fixed",
        r"^(?P<msg>Files that were not fixed due to errors reported during "
        r"(?:linting before fixing|fixing|linting after fixing)):\s*$",
        tool="php-cs-fixer",
        block="cs-fixer-not-fixed",
        rank=2,
        words=("not fixed due to errors",),
        examples=(
            "Files that were not fixed due to errors reported during linting before fixing:",
            "Files that were not fixed due to errors reported during fixing:",
        ),
    ),
    Format(  # php-cs-fixer --dry-run: the files it would change
        "php-cs-fixer",
        r"^\s+\d+\) (?P<file>[^\s()]+\.php)(?: \((?P<msg>[\w, ]+)\))?\s*$",
        tool="php-cs-fixer",
        category="config",
        rank=2,
        examples=("   1) src/Calc.php (braces, single_blank_line_at_eof)",),
    ),
    Format(  # psalm's console report
        "psalm",
        r"^(?P<sev>ERROR|WARNING|INFO): (?P<code>\w+) - (?P<file>[^\s:]+):(?P<line>\d+):"
        r"(?P<col>\d+) - (?P<msg>.+)$",
        tool="psalm",
        block="psalm",
        rank=2,
        examples=(
            "ERROR: InvalidReturnType - src/Calc.php:4:30 - The declared return type 'int' for "
            "Calc::add is incorrect, got 'string' (see https://psalm.dev/011)",
        ),
    ),
    Format(  # psalm --output-format=text, phpcs --report=emacs
        "php-linter-text",
        rf"^(?P<file>(?:[A-Za-z]:)?{_PHP}):(?P<line>\d+):(?P<col>\d+): ?"
        r"(?P<sev>error|warning|info) - (?P<msg>.+)$",
        tool="psalm",
        rank=2,
        examples=("src/Calc.php:4:30:error - The declared return type 'int' is incorrect",),
    ),
    Format(  # phpstan --error-format=raw
        "phpstan-raw",
        rf"^(?P<file>(?:[A-Za-z]:)?{_PHP}):(?P<line>\d+):(?P<msg>(?!\d+:)\S.*)$",
        tool="phpstan",
        rank=2,
        examples=(
            "/app/controllers/Account.php:107:Access to an undefined property account::$id.",
        ),
    ),
    Format(  # phpstan's default table: each row under its file's heading ("  Line   a.php")
        "phpstan-table",
        r"^  (?P<line>\d+) {3,}(?P<msg>\S.*?)\s*$",  # the message at the table's column
        tool="phpstan",
        block="phpstan-row",
        fixup=_table_file,
        rank=2,
        words=tuple(f"  {digit}" for digit in range(10)),  # two spaces, the line's number
        examples=(
            "  12     Call to an undefined method App\\Cart::totl().",
            "  4      Method Calc::add() should return int but returns string.",
        ),
    ),
    Format(
        "phpstan-summary",
        r"^\s*\[ERROR\] Found \d+ errors?",
        tool="phpstan",
        role="consequence",
        rank=0,
        examples=(" [ERROR] Found 1 error",),
    ),
)
