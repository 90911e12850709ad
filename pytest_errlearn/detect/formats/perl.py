"""Perl: the interpreter's errors (``die`` and ``croak`` messages, compile errors),
cpanm and perlcritic. (Test::More's failures under prove: perl_tests.py.)

A ``die`` without a newline ends its message `` at lib/Inventory.pm line 16.``,
as Perl's own fatal errors and its warnings do, and Carp's ``confess`` adds its
frames below, tab-indented (``\tmain::setup() called at main.pl line 7``). Perl's
own errors and warnings are known by their words; any other line of that shape
naming a Perl source is a ``die`` (``croak``) or a ``warn``, told apart by nothing
but the run's status: a warning, which the run that failed of nothing else
failed of (a runtime error, unless its words say more).
perlcritic prints each violation ``msg at line 3, column 1.  See page 429 of
PBP.  (Severity: 5)``, after ``lib/Legacy.pm: `` where it reads more than one
file, and fails of every one (its exit status 2).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

# Where Perl says an error happened, at the end of its line: `` at lib/Calc.pm line 12.``,
# with the filehandle's line when one was read (``, <STDIN> line 2.``) and, for a
# syntax error, what it was near (``, near "}"``).
_AT = (
    r" at (?P<file>\(eval \d+\)|\S+) line (?P<line>\d+)(?:, <[^>]*> (?:line|chunk) \d+)?"
    r"(?P<rest>[.,].*)?$"
)
AT_RX = regex(r"^(?P<msg>.+?)" + _AT)
# The errno texts ``$!`` gives, after the colon of ``die "Cannot open $f: $!"``: what the
# row of such messages seeks (any text may come first).
_ERRNO = (
    r": (?:No such file or directory|Permission denied|Is a directory|Not a directory|"
    r"File exists|Operation not permitted|No space left on device|Too many open files|"
    r"Connection refused|Connection timed out|Connection reset by peer|Broken pipe|"
    r"Bad file descriptor|Network is unreachable|Read-only file system)"
)
# Perl's own modules and those installed from CPAN: not the project's code.
_LIBRARY = regex(
    r"/usr/(?:local/)?(?:share|lib)/perl|/perl5/|/site_perl/|/vendor_perl/|/\.cpanm/"
    r"|/local/lib/perl|/perl/5\.\d+|/\.plenv/|/perlbrew/"
)
# A ``die``'s place: a Perl source (a script, a module, a test, ``-e``, an ``eval``), the
# line of a filehandle last read, and the full stop.
# Where a die says it died; stage 1 finds its lines by their end (``seek``): " at "
# alone stands in every JavaScript and Java stack frame.
_DIE_LINE = r" line (?P<line>\d+)(?:, <[^>]*> (?:line|chunk) \d+)?\.$"
_DIE_AT = r" at (?P<file>\(eval \d+\)|-e|\S+\.(?:pl|pm|t|PL|cgi|psgi|fcgi))" + _DIE_LINE
# perlcritic's place of a violation, and its severity: "... at line 5, column 5.  See
# pages 202,204 of PBP.  (Severity: 5)" (verbosity 4, 5, 8), "... at line 5, near 'open
# FH, ...'.  (Severity: 5)" (6, 7, 9).
_CRITIC_AT = r" at line (?P<line>\d+)(?:, column (?P<col>\d+)\.|,? near '.*'\.)  (?:See .*?\.  )?"
_CRITIC_SEVERITY = r"\(Severity: [1-5]\)$"
# Carp's frames under a ``confess``: ``\tCalc::div(1, 0) called at t/calc.t line 8``.
_CALLED_AT = regex(r"^\s+\S.* called at (?P<file>\S+) line (?P<line>\d+)$")
# What perl prints after a compile error, and Test::More at the end of a test
# script that died: all of it follows from the error above.
_AFTERMATH = regex(
    r"^(?:BEGIN failed--compilation aborted at |Compilation failed in require at |"
    r"Execution of \S+ aborted due to compilation errors\.|\S+ had compilation errors\.|"
    r"Attempt to reload \S+ aborted\.)"
    r"|^\s*# (?:Looks like (?:your test exited|you planned|you failed)|Tests were run but no plan"
    r"|No tests run!)"
)
# Test::More's last words for a test script that died.
_TEST_DIED = regex(
    r"^\s*# (?:Looks like your test exited|Looks like you planned|Tests were run but no plan|"
    r"No tests run!)"
)


def user_code(path: str) -> bool:
    return is_user_path(path) and _LIBRARY.search(path) is None


class PerlDie(Reader):
    """A ``die`` or compile error of Perl's: a syntax error's ``near "..."`` text
    when it runs over lines, Carp's ``called at`` frames, and what only follows
    from it (``BEGIN failed--compilation aborted``, ``Execution of x.pl aborted``,
    Test::More's ``# Looks like your test exited with 255``).

    The message is the line without its place; the place, the line's own unless
    that is installed code and a frame below is the project's."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        m = AT_RX.match(err.text)
        # an odd number of quotes after "near": the quoted code runs on over lines
        self.open_quote = bool(m and m["rest"] and m["rest"].count('"') % 2)
        self.frames: list[tuple[str, int]] = []

    def accept(self, line: str) -> bool:
        if self.open_quote:
            self.open_quote = line.count('"') % 2 == 0
            return True
        if m := _CALLED_AT.match(line):
            self.frames.append((m["file"], int(m["line"])))
            return True
        if self.err.kind == "perl-die" and _TEST_DIED.match(line):
            self.valid = False  # a test script's die: Test::More's line is the error (perl_tests)
            return False
        return _AFTERMATH.match(line) is not None

    def category(self) -> str | None:
        """A ``die`` of the program's (a row that names none): a runtime error,
        unless its words say more."""
        return self.said_else("runtime")

    def finish(self) -> None:
        err = self.err
        if (m := AT_RX.match(err.text)) is not None and (rest := (m["rest"] or "")[1:].strip()):
            err.message = f"{err.message}, {rest}"  # a syntax error's ``near "..."``
        if err.file is not None and user_code(err.file):
            return
        if (where := next((f for f in self.frames if user_code(f[0])), None)) is not None:
            err.file, err.line = where


class CriticPolicy(Reader):
    """The policy's description perlcritic prints under a violation at verbosity
    10 and 11: indented lines, blank lines between its paragraphs."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return not line.strip() or line.startswith("    ")

    def finish(self) -> None:
        pass


# Verbosity 10 and 11: the violation, on the line above its policy's.
_CRITIC_ABOVE = regex(
    r"^(?P<msg>\S.*?) at line (?P<line>\d+)(?:, column (?P<col>\d+)|, near '.*')\.$"
)


def _critic_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Verbosity 10 and 11: the violation is on the line above its policy's."""
    if before and (m := _CRITIC_ABOVE.match(before[-1])) is not None:
        groups["msg"], groups["line"], groups["col"] = m["msg"], m["line"], m["col"]


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {"perl": "perl", "cpanm": "cpanm", "perlcritic": "perlcritic"}
BUILDS: dict[str, frozenset[str] | None] = {"perl": None, "cpanm": None, "perlcritic": None}
READERS = {"perldie": PerlDie, "perlcritic": CriticPolicy}

ROWS = (
    Format(
        "perl-cant-locate",
        r"^(?P<msg>Can't locate (?!object method)(?:loadable object for module )?\S+"
        r"(?: in @INC(?: \(you may need to install the [\w:]+ module\))?)?)"
        r"(?: \(@INC (?:contains|entries checked):[^)]*\))?" + _AT,
        tool="perl",
        category="dependency",
        block="perldie",
        rank=2,
        examples=(
            "Can't locate Foo/Bar.pm in @INC (you may need to install the Foo::Bar module) "
            "(@INC contains: /etc/perl /usr/local/lib/x86_64-linux-gnu/perl/5.36.0 "
            "/usr/share/perl5 /usr/share/perl/5.36) at inc.pl line 3.",
            "Can't locate Foo/Bar.pm in @INC (you may need to install the Foo::Bar module) "
            "(@INC entries checked: /etc/perl /usr/share/perl5) at script.pl line 3.",
        ),
    ),
    Format(
        "perl-reference",
        r"^(?P<msg>(?:Global symbol \"[^\"]+\" requires explicit package name|"
        r"Undefined subroutine &?[\w:']+ called|Can't locate object method \"[^\"]+\" via package|"
        r"Bareword \"[^\"]+\" not allowed while \"strict subs\" in use|Can't call method \"[^\"]+\""
        r" (?:on an undefined value|on unblessed reference|without a package or object reference)|"
        r"Variable \"[^\"]+\" is not imported)\b.*?)" + _AT,
        tool="perl",
        category="reference",
        block="perldie",
        rank=2,
        examples=(
            'Global symbol "$x" requires explicit package name (did you forget to declare '
            '"my $x"?) at gs.pl line 5.',
            "Undefined subroutine &main::nosuch called at us.pl line 2.",
            'Can\'t call method "foo" on an undefined value at cm.pl line 3.',
        ),
    ),
    Format(
        "perl-syntax",
        r"^(?P<msg>(?:syntax error|Missing right curly or square bracket|"
        r"Unmatched right (?:curly|square) bracket|Can't find string terminator .+? anywhere "
        r"before EOF|Illegal declaration of .+?|Unrecognized character \S+|"
        r"Missing \$ on loop variable|Unterminated \S+ .+?|Not enough arguments for .+?|"
        r"Too many arguments for .+?|Can't modify .+? in .+?))" + _AT,
        tool="perl",
        category="syntax",
        block="perldie",
        rank=2,
        examples=(
            'syntax error at se.pl line 5, near "}"',
            "Missing right curly or square bracket at x.pl line 10, at end of line",
        ),
    ),
    Format(
        "perl-type",
        r"^(?P<msg>(?:Not an? (?:ARRAY|HASH|CODE|SCALAR|GLOB|subroutine) reference|"
        r"Can't use (?:string|an undefined value|global|bareword) .+? as an? .+? ref(?:erence)?"
        r"(?: while \"strict refs\" in use)?|Type of arg \d+ to .+? must be .+?))" + _AT,
        tool="perl",
        category="type",
        block="perldie",
        rank=2,
        examples=(
            "Not a HASH reference at lib/Calc.pm line 7.",
            'Can\'t use string ("abc") as a HASH ref while "strict refs" in use at x.pl line 4.',
        ),
    ),
    Format(
        "perl-runtime",
        r"^(?P<msg>(?:Illegal division by zero|Illegal modulus zero|Died|"
        r"Modification of (?:a read-only value attempted|non-creatable \w+ value attempted.*?)))"
        + _AT,
        tool="perl",
        category="runtime",
        block="perldie",
        rank=2,
        examples=("Illegal division by zero at dz.pl line 2.", "Died at dd.pl line 1."),
    ),
    Format(  # ``open(...) or die "Cannot open $f: $!"``: the commonest die of all
        "perl-die-errno",
        r"^(?P<msg>.*?" + _ERRNO + r")" + _AT,
        seek=_ERRNO,
        tool="perl",
        block="perldie",
        rank=2,
        examples=("Cannot open nope.txt: No such file or directory at op.pl line 3.",),
    ),
    Format(
        "perl-script-missing",
        r"^(?P<msg>Can't open perl script \"(?P<file>[^\"]+)\": .+)$",
        tool="perl",
        category="filesystem",
        rank=2,
        examples=('Can\'t open perl script "nothere.pl": No such file or directory',),
    ),
    Format(
        "perl-compile-aftermath",
        r"^(?:BEGIN failed--compilation aborted at |Compilation failed in require at |"
        r"Execution of \S+ aborted due to compilation errors\.|Attempt to reload \S+ aborted\.)",
        tool="perl",
        role="consequence",
        rank=0,
        examples=(
            "BEGIN failed--compilation aborted at inc.pl line 3.",
            "Execution of gs.pl aborted due to compilation errors.",
        ),
    ),
    Format(
        "perl-warning",
        r"^(?P<msg>(?:Use of uninitialized value|Useless use of|Name \"[^\"]+\" used only once|"
        r"Argument \"[^\"]*\" isn't numeric|Subroutine \S+ redefined|"
        r"\"(?:my|our|state)\" variable \S+ masks|Scalar value \S+ better written|"
        r"Possible precedence|Deep recursion on|Odd number of elements|"
        r"Reference found where even-sized list expected|"
        r"(?:Scalar|Bareword|String|Number|Operator|Array|Hash) found where operator expected|"
        r"Possible attempt to|Found = in conditional|Parentheses missing around|"
        r"Prototype mismatch|Smartmatch is experimental|Wide character in|"
        r"Exiting (?:subroutine|eval) via|Statement unlikely to be reached|Unquoted string|"
        r"Misplaced _ in number|"
        r"Possible unintended interpolation|Unrecognized escape|Negative repeat count|"
        r"\w+\(\) on (?:closed|unopened) filehandle)\b.*?)" + _AT,
        tool="perl",
        role="warning",
        examples=(
            "Use of uninitialized value $x in addition (+) at op.pl line 2.",
            "Wide character in print at lib/Report.pm line 12.",
        ),
    ),
    # A die (croak) of the program's own, or a warn: the same line, so a warning, which
    # a run that failed of nothing else failed of (``engine.report``).
    Format(
        "perl-die",
        r"^(?P<msg>[^\s#].*?)" + _DIE_AT,
        seek=_DIE_LINE,
        own_output=("perl", "prove"),  # "X at F line N." no log's but perl's to look for
        tool="perl",
        role="warning",
        block="perldie",
        words=(".pm line ", ".pl line ", ".t line ", " at -e line "),
        examples=(
            "unknown item 'bolts' at lib/Inventory.pm line 16.",
            "config file 'settings.ini' does not exist at main.pl line 6.",
            "bad header at hdr.pl line 4, <$fh> line 1.",
        ),
    ),
    Format(  # verbosity 4 (the default), 5, 6, 7, 8, 9; the file first when it reads many
        "perlcritic",
        r"^(?:(?P<file>[^\s:]+): )?(?:\[(?P<code>\w+(?:::\w+)+)\] )?(?P<msg>\S.*?)"
        + _CRITIC_AT
        + _CRITIC_SEVERITY,
        seek=_CRITIC_SEVERITY,
        own_output=("perlcritic",),
        tool="perlcritic",
        rank=2,
        words=("(severity: ",),
        examples=(
            "Code before strictures are enabled at line 3, column 1.  See page 429 of PBP.  "
            "(Severity: 5)",
            "lib/Legacy.pm: Bareword file handle opened at line 5, column 5.  See pages 202,204 "
            "of PBP.  (Severity: 5)",
            '[ErrorHandling::RequireCarping] "die" used instead of "croak" at line 5, column 26.  '
            "(Severity: 3)",
            "lib/Legacy.pm: Code before strictures are enabled at line 3 near 'sub parse {'.  "
            "(Severity: 5)",
        ),
    ),
    Format(  # verbosity 10 and 11: the policy below the violation, its description after
        "perlcritic-policy",
        r"^  (?P<code>[A-Z]\w*(?:::\w+)+) " + _CRITIC_SEVERITY,
        tool="perlcritic",
        block="perlcritic",
        rank=2,
        fixup=_critic_above,
        words=("(severity: ",),
        examples=("  TestingAndDebugging::RequireUseStrict (Severity: 5)",),
    ),
    Format(  # verbosity 2
        "perlcritic-2",
        r"^(?P<file>[^\s:]+\.(?:pm|pl|t|PL|psgi|cgi)): \((?P<line>\d+):(?P<col>\d+)\) "
        r"(?P<msg>\S.*)$",
        tool="perlcritic",
        rank=2,
        examples=("lib/Legacy.pm: (5:5) Bareword file handle opened",),
    ),
    Format(
        "cpanm-not-found",
        r"^! (?P<msg>Couldn't find module or a distribution \S+.*)$",
        tool="cpanm",
        category="dependency",
        rank=2,
        examples=("! Couldn't find module or a distribution Foo::Bar::NopeX",),
    ),
    Format(
        "cpanm-failed",
        r"^! (?P<msg>(?:Installing|Testing) \S+ failed\..*|Configure failed for \S+\..*|"
        r"Failed to fetch distribution .+)$",
        tool="cpanm",
        category="dependency",
        rank=2,
        examples=(
            "! Installing Foo::Bar failed. See /root/.cpanm/work/1700000000.1/build.log "
            "for details. Retry with --force to force install it.",
            "! Configure failed for Foo-Bar-1.0. See /root/.cpanm/work/1.1/build.log for details.",
        ),
    ),
    Format(  # cpanm's own steps that failed on the way, none the reason on its own
        "cpanm-note",
        r"^! (?:Finding \S+ (?:\([^)]*\) )?on (?:cpanmetadb|mirror \S+) failed\.|"
        r"cannot open file '[^']*'.* opening compressed index|Testing \S+ failed but installing it "
        r"anyway\.|Fetching \S+ failed\.)$",
        tool="cpanm",
        role="ignore",
        examples=("! Finding Foo::Bar::NopeX on cpanmetadb failed.",),
    ),
    Format(
        "cpanm-consequence",
        r"^! (?:Installing the dependencies failed: .*|Bailing out the installation for .*)$",
        tool="cpanm",
        role="consequence",
        rank=0,
        examples=(
            "! Installing the dependencies failed: Module 'Foo::Bar::NopeX' is not installed",
            "! Bailing out the installation for .",
        ),
    ),
)
