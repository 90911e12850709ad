r"""SonarScanner (the CLI, and the GitHub action and CI images that run it):
the reason an analysis failed, a quality gate among them.

The scanner logs at a level (``INFO:``, ``ERROR:``; since its CLI 6 the time
first and no colon, ``12:04:31.208 ERROR``). When it fails it says so, then
why, on the ``ERROR`` lines under that, then how to see more::

    INFO: EXECUTION FAILURE
    ERROR: Error during SonarScanner execution
    ERROR: Not authorized. Please check the properties sonar.login and sonar.password.
    ERROR:
    ERROR: Re-run SonarScanner using the -X switch to enable full debug logging.

With ``sonar.qualitygate.wait=true`` a quality gate that fails is that
reason (``QUALITY GATE STATUS: FAILED - View details on https://...``): the
project's own expectation of its code, not met, an ``assertion`` as a
coverage threshold is. The line that says the analysis failed is the error;
its message is the reason under it. (The scanner for Maven and Gradle says
the reason on its goal's or task's line: maven.py's and java.py's rows.)
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

COMMANDS = {"sonar-scanner": "sonar-scanner", "sonar-scanner-debug": "sonar-scanner"}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)

# A line's level: "ERROR: ", or the CLI 6's time and padded "ERROR ".
_LEVEL = r"(?:\d{1,2}:\d{2}:\d{2}\.\d{3} )?ERROR:? +"

_SAYS = (
    ("assertion", regex(r"QUALITY GATE STATUS: (?:FAILED|ERROR)")),
    ("config", regex(r"[Nn]ot authorized|authenticat|sonar\.(?:login|token|password)|[Tt]oken")),
    ("config", regex(r"must be defined|[Ii]nvalid value|property|[Pp]roject key|not found")),
    ("network", regex(r"[Uu]nable to (?:reach|connect)|[Cc]onnect(?:ion)? (?:refused|timed out)")),
    ("network", regex(r"UnknownHost|SocketTimeout|[Ff]ailed to (?:connect|download)")),
)


class Failure(Reader):
    """The ``ERROR`` lines under "Error during SonarScanner execution": the
    first that says something (not the blank one, not the advice to re-run
    with ``-X``) is the message; an exception's, its words after the class.
    The stack a debug run prints under it belongs too."""

    frames_wanted = False
    _ERROR = regex(r"^\s*" + _LEVEL.replace(" +", " *"))
    _ADVICE = regex(r"^Re-run SonarScanner\b|^\s*$")
    _EXCEPTION = regex(r"^(?:[a-z]\w*\.)+[A-Z]\w*(?:Exception|Error): (?P<said>.+)$")
    _FRAME = regex(r"^\s+at |^\s*Caused by: |^\s+\.\.\. \d+ more")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: str | None = None

    def accept(self, line: str) -> bool:
        if self._FRAME.match(line):
            return True
        m = self._ERROR.match(line)
        text = line[m.end() :] if m is not None else line
        if m is None and self._EXCEPTION.match(text) is None:
            return False
        if self.said is None and self._ADVICE.match(text) is None:
            said = self._EXCEPTION.match(text)
            self.said = (said["said"] if said is not None else text).strip()
        return True

    def finish(self) -> None:
        if self.said is not None:
            self.err.message = self.said

    def category(self) -> str | None:
        return said_in(_SAYS, self.err.message)


READERS = {"sonarfailure": Failure}

ROWS = (
    Format(
        "sonar-scanner-failure",
        r"^\s*" + _LEVEL + r"(?P<msg>Error during Sonar(?:Qube )?Scanner(?: CLI)? execution)\s*$",
        tool="sonar-scanner",
        block="sonarfailure",
        rank=2,
        words=("scanner execution",),
        examples=(
            "ERROR: Error during SonarScanner execution",
            "12:04:31.208 ERROR Error during SonarScanner CLI execution",
            "ERROR: Error during SonarQube Scanner execution",
        ),
    ),
)
