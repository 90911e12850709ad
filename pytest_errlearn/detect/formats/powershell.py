r"""PowerShell: its error records (Windows PowerShell's and PowerShell 7's
views) and Pester.

An error record in the classic view (Windows PowerShell 5.1, and PowerShell 7
with ``$ErrorView = 'NormalView'``) prints its message first, then where it
happened and its category::

    Get-Item : Cannot find path 'C:\nope' because it does not exist.
    At C:\build\build.ps1:12 char:5
    +     Get-Item C:\nope
    +     ~~~~~~~~~~~~~~~~
        + CategoryInfo          : ObjectNotFound: (C:\nope:String) [Get-Item], ItemNotFound...
        + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetItemCommand

(a parse error prints its message under the carets instead). PowerShell 7's
default concise view prints the command (or the kind of error) and the place,
then the line, the carets and the message under ``|``::

    Get-Item: /build/build.ps1:12
    Line |
      12 |      Get-Item /nope
         |      ~~~~~~~~~~~~~~
         | Cannot find path '/nope' because it does not exist.

or, with no script to point at, one line: ``Get-Item: Cannot find path ...``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

# A CI runner's timestamp before every line (the scanner drops it from a header only).
_STAMP = regex(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ")
# A native command that failed: its own output above says why. And the messages
# a row of their own reports on the line above the record (``powershell-not-found``).
_EXITED = regex(r"ended with non-zero exit code|^Pester run failed, because ")
_REPORTED = regex(r"is not recognized as (?:the|a) name of a cmdlet")


def _unstamp(line: str) -> str:
    return _STAMP.sub("", line, count=1) if line[:1].isdigit() else line


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


# -- the classic view -----------------------------------------------------------------

_RECORD_END = regex(r"^\s*(?:At |\+ |\[-\] )|^\s{4}\+ \w+\s*:")
_PROMPT = regex(r"^PS [^>]*> ")  # a prompt and the command it ran
# A record's message starts with the command that failed: "NuGet\Install-Package : ".
_RECORD_START = regex(r"^(?:[A-Za-z]:)?[\w\\.-]+ : \S")
# Windows PowerShell wraps a message at the console's width (80 or 120 in CI):
# a line above the message's last is part of it only if it is about that long.
_WRAPPED = 79


def _message_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The classic view prints an error's message on the lines above ``At``
    (a long one wrapped over several, each from the line's start): they are the
    message. Its first line starts with the command that failed (``Get-Item :
    ``): no line above it is."""
    lines: list[str] = []
    for line in reversed(before[-4:]):
        text = _unstamp(line).rstrip()
        if not text.strip() or _RECORD_END.match(text) or _PROMPT.match(text):
            break
        if lines and (len(text) < _WRAPPED or _RECORD_START.match(lines[0]) or text[:1].isspace()):
            break  # a short or indented line above the message is the output before it
        lines.insert(0, text.strip())
    if lines:
        groups["msg"] = " ".join(lines)


class ClassicRecord(Reader):
    """The lines of an error record under ``At F:N char:M``: the code and the
    carets (``+``), a parse error's message under them, ``+ CategoryInfo`` and
    ``+ FullyQualifiedErrorId``. A native command's line on stderr, which
    Windows PowerShell wraps in such a record (``NativeCommandError``), is no
    error of its own: the row of that command's line says if it is one."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.carets = False
        self.parse_message: str | None = None
        self.info = False  # in the "+ CategoryInfo" lines

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        stripped = text.strip()
        if not stripped:
            return False
        if text.startswith("+ ") or stripped == "+":
            if re.match(r"^\+\s*~+\s*$", text):
                self.carets = True
            return not self.info
        if re.match(r"^\s{2,}\+ \w+\s*:", text):  # + CategoryInfo, + FullyQualifiedErrorId
            self.info = True
            if m := _ERROR_ID.match(text):
                self.err.code = m[1]
            return True
        if self.info:  # a long CategoryInfo wrapped onto the next line
            return text[:1].isspace()
        if self.carets and self.parse_message is None and not text[:1].isspace():
            self.parse_message = stripped  # a parse error says what is wrong under the carets
            return True
        return False

    def category(self) -> str | None:
        return "syntax" if self.parse_message is not None else None

    def finish(self) -> None:
        if self.parse_message is not None:
            self.err.message = self.parse_message
        if self.err.code in ("NativeCommandError", "NativeCommandErrorMessage"):
            self.valid = False
        if _EXITED.search(self.err.message) or _REPORTED.search(self.err.message):
            self.consequence = True


# The error's id, before the command's type: "PathNotFound,Microsoft.PowerShell...".
# A script's ``throw "text"`` has its text for an id: no code.
_ERROR_ID = regex(r"^\s*\+ FullyQualifiedErrorId\s*:\s*([\w.-]+)(?:,|\s*$)")


_AT = regex(r"^At (?:line:\d+|(?P<file>(?:[A-Za-z]:)?[^:]+?):(?P<line>\d+)) char:(?P<col>\d+)\s*$")


class ClassicTail(ClassicRecord):
    """The record under a message another row reads (``foo : The term 'foo' is
    not recognized ...``): its ``At F:N char:M`` is where the error is."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.at = False
        self.wrapped = len(err.text.rstrip()) >= _WRAPPED  # the message goes on below

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        if self.at:
            return super().accept(text)
        if (m := _AT.match(text)) is not None:
            self.at = True
            if m["file"]:
                self.err.file, self.err.line, self.err.column = (
                    m["file"],
                    int(m["line"]),
                    int(m["col"]),
                )
            return True
        if self.wrapped and text.strip() and not text[:1].isspace():
            self.wrapped = len(text.rstrip()) >= _WRAPPED
            self.err.message = f"{self.err.message} {text.strip()}"
            return True
        return False

    def finish(self) -> None:
        pass  # the row's message, the record's place


# -- PowerShell 7's concise view ------------------------------------------------------

_CODE_LINE = regex(r"^\s*(?:Line |\d+ )\|")
_BAR_LINE = regex(r"^\s*\|(?: (?P<rest>.*))?$")


class ConciseRecord(Reader):
    """``Line |``, the numbered line of code, the carets and the message under
    ``|`` (a long one wrapped over several of them)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.carets = False

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        if _CODE_LINE.match(text):
            return True
        if (m := _BAR_LINE.match(text)) is not None:
            rest = (m["rest"] or "").strip()
            if not self.carets and set(rest) <= {"~", " "}:
                self.carets = True
            elif rest:
                self.said.append(rest)
            return True
        return bool(re.match(r"^\s+Recommendation: ", text))

    def finish(self) -> None:
        if self.said:
            reason = self.err.message  # the header's command or kind of error
            self.err.message = f"{reason}: {' '.join(self.said)}"
        if _EXITED.search(self.err.message):
            self.consequence = True


# -- Pester ---------------------------------------------------------------------------

# Where a Pester failure points: "at <ScriptBlock>, F:N" (5; 4 says "F: line N"),
# "at line: N in F" (3 and 4).
_PESTER_AT = regex(
    r"^\s*at (?:.*, (?P<file>(?:[A-Za-z]:)?[^:,]*\S):\s*(?:line )?(?P<line>\d+)"
    r"|line: (?P<line2>\d+) in (?P<file2>\S.*?))\s*$"
)


class PesterFailure(Reader):
    """``[-] Describe.It 12ms (10ms|2ms)``: the failure's message, then where
    (``at $r | Should -Be 3, F:5``, then the script's stack), indented under it."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = _indent(_unstamp(err.text))
        self.said: list[str] = []
        self.where: tuple[str, int] | None = None
        self.located = False  # past the message: the "at" lines

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        stripped = text.strip()
        if not stripped or _indent(text) <= self.indent:
            return False
        if (m := _PESTER_AT.match(text)) is not None:
            self.located = True
            file, number = (m["file"], m["line"]) if m["file"] else (m["file2"], m["line2"])
            if self.where is None and not re.search(r"[\\/]Pester\.psm1$", file):
                self.where = file, int(number)
        elif not self.located and len(self.said) < 30 and not re.match(r"^\d+: ", stripped):
            self.said.append(stripped)  # Pester 4 quotes the line as "5: $r | Should ..."
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(" ".join(s.split()) for s in self.said[:3])[:500]
        if self.where is not None:
            self.err.file, self.err.line = self.where


# Cmdlet verbs (``Get-Verb``): a concise error with no place starts with its command.
_VERBS = (
    r"Add|Approve|Assert|Backup|Block|Build|Checkpoint|Clear|Close|Compare|Complete|Compress"
    r"|Confirm|Connect|Convert|ConvertFrom|ConvertTo|Copy|Debug|Deny|Deploy|Disable|Disconnect"
    r"|Dismount|Edit|Enable|Enter|Exit|Expand|Export|Find|Format|Get|Grant|Group|Hide|Import"
    r"|Initialize|Install|Invoke|Join|Limit|Lock|Measure|Merge|Mount|Move|New|Open|Optimize"
    r"|Out|Ping|Pop|Protect|Publish|Push|Read|Receive|Redo|Register|Remove|Rename|Repair"
    r"|Request|Reset|Resize|Resolve|Restart|Restore|Resume|Revoke|Save|Search|Select|Send|Set"
    r"|Show|Skip|Split|Start|Step|Stop|Submit|Suspend|Switch|Sync|Test|Trace|Unblock|Undo"
    r"|Uninstall|Unlock|Unprotect|Unpublish|Unregister|Update|Use|Wait|Watch|Write"
)
# What follows the command or kind of error, from its colon: a script and a line.
_CONCISE_AT = r": (?P<file>(?:[A-Za-z]:)?[^:\s][^:]*?\.ps[dm]?1):(?P<line>\d+)"

# A command that does not exist, from the colon after its name (both views).
_NOT_FOUND = r": The term '[^']+' is not recognized as (?:the|a) name of a cmdlet"

ORDER = 50
COMMANDS = {
    **dict.fromkeys(("pwsh", "powershell", "pwsh-preview"), "powershell"),
    "Invoke-Pester": "pester",
}
BUILDS: dict[str, frozenset[str] | None] = {"Invoke-Pester": None}
READERS = {
    "ps-classic": ClassicRecord,
    "ps-classic-tail": ClassicTail,
    "ps-concise": ConciseRecord,
    "pester": PesterFailure,
}

ROWS = (
    Format(  # Pester 5: "[-] Calc.adds 12ms (10ms|2ms)"; 4: "  [-] adds 45ms";
        # a block or a file: "[-] Describe Calc failed", "[-] Discovery in F failed with:"
        "pester-failed",
        # its time after the test's name, or a block that failed ("Describe Calc failed",
        # "Discovery in F failed with:"): a script's own "[-] could not copy" is no test
        r"^\s*\[-\] (?P<test>\S.*?(?= \d[\d.]*m?s\b)|\S.*? failed(?: with:)?)"
        r"(?: \d[\d.]*m?s(?: \([\d.]+m?s\|[\d.]+m?s\))?)?\s*$",
        tool="pester",
        block="pester",
        rank=3,
        words=("[-] ",),
        examples=(
            "[-] Calc.adds 12ms (10ms|2ms)",
            "  [-] Given invalid parameter -Name 'Alpha Centauri', it returns $null 24ms",
            r"[-] Discovery in C:\image\Tests\Git.Tests.ps1 failed with:",
        ),
    ),
    Format(  # the run's summaries: each failure was reported above
        "pester-summary",
        r"^\s*(?P<msg>(?:Tests Passed: \d+, Failed: [1-9]|Passed: \d+ Failed: [1-9]"
        r"|BeforeAll \\ AfterAll failed: [1-9]|Container failed: [1-9]"
        r"|(?:[\w-]+: )?Pester run failed, because ).*)$",
        tool="pester",
        role="consequence",
        rank=0,
        examples=(
            "Tests Passed: 4, Failed: 1, Skipped: 0 NotRun: 0",
            "Tests Passed: 6, Failed: 1, Skipped: 0, Pending: 0, Inconclusive: 0 ",
        ),
    ),
    Format(  # the classic view: the message is above, the record below
        "powershell-at",  # (a script a command ran that does not parse: "Cmd : At F:N char:M")
        r"^(?:[\w\\.-]+ : )?At (?:line:(?P<cmdline>\d+)|(?P<file>(?:[A-Za-z]:)?[^:]+?):"
        r"(?P<line>\d+)) char:(?P<col>\d+)\s*$",
        tool="powershell",
        block="ps-classic",
        rank=2,
        words=(" char:",),
        fixup=_message_above,
        examples=(
            r"At C:\Users\x\build.ps1:12 char:5",
            "At line:1 char:1",
            r"Import-Module : At C:\build\tools.psm1:25 char:30",
        ),
    ),
    Format(  # PowerShell 7's concise view of a script that does not parse
        "powershell-parse-error",
        r"^(?P<msg>ParserError)" + _CONCISE_AT + r"(?::(?P<col>\d+))?\s*$",
        seek=_CONCISE_AT,
        tool="powershell",
        category="syntax",
        block="ps-concise",
        rank=2,
        words=(".ps1:",),
        examples=("ParserError: /home/user/build.ps1:5",),
    ),
    Format(  # PowerShell 7's concise view: "Get-Item: /build/build.ps1:12", then "Line |"
        "powershell-concise",
        r"^(?P<msg>[A-Za-z][\w.-]*)" + _CONCISE_AT + r"(?::(?P<col>\d+))?\s*$",
        seek=_CONCISE_AT,
        tool="powershell",
        block="ps-concise",
        rank=2,
        words=(".ps1:",),
        examples=(
            "Write-Error: /home/runner/work/_temp/3c1a2f0e.ps1:2",
            r"Exception: C:\build\build.ps1:3",
        ),
    ),
    Format(  # PowerShell 7, a native command that failed ($PSNativeCommandUseErrorActionPreference)
        "powershell-native-exit",
        r"^(?:NativeCommandExitException: )?(?P<msg>Program \"[^\"]+\" ended with non-zero "
        r"exit code: -?\d+\.?.*)$",
        tool="powershell",
        role="consequence",
        rank=0,
        examples=(
            'NativeCommandExitException: Program "dotnet" ended with non-zero exit code: 1.',
        ),
    ),
    Format(  # a command that does not exist (both views; the classic one's record below
        # it follows from it)
        "powershell-not-found",
        r"^(?P<msg>(?:[A-Za-z]:)?[^\s:]+ ?" + _NOT_FOUND + r".*)$",
        seek=_NOT_FOUND,
        tool="powershell",
        category="dependency",
        block="ps-classic-tail",
        rank=2,
        words=("is not recognized",),
        examples=(
            "foo : The term 'foo' is not recognized as the name of a cmdlet, function, script "
            "file, or operable program. Check the spelling of the name, or if a path was "
            "included, verify that the path is correct and try again.",
        ),
    ),
    Format(  # PowerShell 7's concise view of an error with no script line to show
        "powershell-cmdlet",
        # (not an HTTP header: "Set-Cookie: a=b; path=/")
        rf"^(?P<msg>(?!Set-Cookie:)(?:{_VERBS})-[A-Z][A-Za-z0-9]+: (?![\w.-]+=)\S.*)$",
        tool="powershell",
        rank=2,
        # without re2, stage 1 stops at the commonest verbs' commands
        words=("Get-", "Set-", "New-", "Remove-", "Invoke-", "Import-", "Install-", "Start-"),
        examples=(
            "Get-Item: Cannot find path '/nope' because it does not exist.",
            "Write-Error: Build failed",
            "Import-Module: The specified module 'Pester' was not loaded because no valid module "
            "file was found in any module directory.",
        ),
    ),
)
