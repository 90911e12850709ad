"""Data pipelines' runners: Snakemake, Nextflow and DVC.

Snakemake says which rule's job failed with ``Error in rule NAME:``, the job's
fields indented under it (``jobid:``, ``output:``, ``shell:`` and the command,
``(one of the commands exited with non-zero exit code; ...)``); then "Exiting
because a job execution failed" and ``WorkflowError:`` / "At least one job did
not complete successfully.", which only follow from it. Its own exceptions name
the Snakefile and the line: ``MissingOutputException in rule NAME in file F,
line N:`` (Snakemake 7 on), ``MissingOutputException in line N of F:`` (before),
or a bare ``MissingRuleException:``, what went wrong on the lines after it.

Nextflow says ``ERROR ~ `` and its error (``Error executing process > 'NAME'``
when a task failed, without the ``ERROR ~`` in its plain log), then ``Caused
by:`` and the reason indented, the command, its exit status, output and error,
the work dir; for an error in the script, `` -- Check script 'main.nf' at
line: 12 or see '.nextflow.log' file for more details``.

DVC says ``ERROR: failed to reproduce 'STAGE': REASON`` when a stage of
``dvc repro`` (or ``dvc exp run``) failed: a line of the generic ``ERROR:``
shape, which the generic rows read; its command is named here, for the tool.
"""

from __future__ import annotations

import re

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 40  # where its rows stand in the table (``formats.families``)
COMMANDS = {"snakemake": "snakemake", "nextflow": "nextflow", "dvc": "dvc"}
BUILDS: dict[str, frozenset[str] | None] = {
    "snakemake": None,
    "nextflow": frozenset({"run"}),
    "dvc": frozenset({"repro", "exp run", "pull", "push", "fetch", "checkout"}),
}

# Snakemake's exceptions that are no job's failure: a file a job did not write or
# cannot have, a Snakefile that names no way to the target (else a job failed: build)
_SNAKEMAKE_SAYS = (
    ("filesystem", regex(r"^Missing(?:Output|Input)Exception|Protected|IncompleteFiles")),
    ("config", regex(r"^(?:MissingRule|AmbiguousRule|CyclicGraph|ChildIO|Wildcard|Syntax)")),
)


class SnakemakeJob(Reader):
    """The fields of the job under ``Error in rule NAME:``, indented: Snakemake's
    words on why the job failed (the parenthesised line under ``shell:``) end the
    message."""

    frames_wanted = False
    _WHY = regex(r"^\s*\((?P<why>(?:one of the )?commands? exited with non-zero exit code.*?)[;)]")

    def accept(self, line: str) -> bool:
        if not line[:1].isspace():
            return False
        if (m := self._WHY.match(line)) is not None:
            self.err.message = f"{self.err.message.rstrip()} {m['why']}"
        return True

    def category(self) -> str | None:
        return "build"


class SnakemakeException(Reader):
    """A Snakemake exception's header (the Snakefile and the line in it, where it
    names them) and the lines after it up to a blank line or Snakemake's own
    next words: the first says what went wrong, and goes into the message.
    ``WorkflowError:`` saying that a job failed only follows from that job's
    error, as ``RuleException:`` over a command that exited (``CalledProcessError``)
    follows from what the command printed above it."""

    frames_wanted = False
    _WHERE = regex(
        r"^(?P<name>\w+)(?: in rule (?P<rule>\S+?)\**)?(?: in (?:file (?P<file>.+?), line "
        r"(?P<line>\d+)|line (?P<line2>\d+) of (?P<file2>.+?)))?:\s*$"
    )
    _OWN = regex(r"^(?:Shutting down|Exiting because|Complete log|Removing output files|\[)")
    _FOLLOWS = regex(r"^At least one job did not complete successfully")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False  # the line saying what went wrong was read
        if (m := self._WHERE.match(err.text.strip())) is not None:
            self._place(m)
            err.message = m["name"] + (f" in rule {m['rule']}" if m["rule"] else "")

    def _place(self, m: re.Match[str]) -> None:
        """The Snakefile and the line a header names, if it names them."""
        file, line = m["file"] or m["file2"], m["line"] or m["line2"]
        if file is not None and line is not None:
            self.err.file, self.err.line = file.strip('"'), int(line)

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped or self._OWN.match(stripped):
            return False
        if not self.said:
            self.said = True
            self.err.message = f"{self.err.message}: {stripped}"
            if self.err.file is None and (m := self._WHERE.match(stripped)) is not None:
                self._place(m)  # a bare RuleException: the exception it wraps names them
            # a job's failure (or a command's, under RuleException) only follows from
            # the error its job printed above it
            self.consequence = self._FOLLOWS.match(stripped) is not None or (
                self.err.message.startswith("RuleException") and "CalledProcessError" in stripped
            )
        return True

    def category(self) -> str | None:
        return said_in(_SNAKEMAKE_SAYS, self.err.message) or "build"


class NextflowError(Reader):
    """What Nextflow says under its error: ``Caused by:`` and the reason indented
    under it (into the message, for a task that failed), the task's command, exit
    status, output, error and work dir, and the script's place (`` -- Check
    script 'main.nf' at line: 12``)."""

    frames_wanted = False
    _FIELD = regex(
        r"^(?:Caused by:|Command (?:executed|exit status|output|error|wrapper)(?: \[.*\])?:"
        r"|Work dir:|Container:|Tip: |Execution cancelled|Process `)"
    )
    _SCRIPT = regex(r"^\s*-- Check script '(?P<file>[^']+)' at line: (?P<line>\d+)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.cause = False  # the line under "Caused by:" is next

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return self.blanks < 2
        if (m := self._SCRIPT.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            return True
        if line[:1].isspace():
            if self.cause:
                self.err.message = f"{self.err.message.rstrip()}: {stripped}"
            self.cause = False
            return True
        self.cause = stripped == "Caused by:"
        return self._FIELD.match(stripped) is not None

    def category(self) -> str | None:
        return "build" if "Error executing process" in self.err.message else None


READERS = {
    "snakemake-job": SnakemakeJob,
    "snakemake-exception": SnakemakeException,
    "nextflow": NextflowError,
}

ROWS = (
    Format(  # the job of a rule failed, its fields indented under it: of the error its
        # command printed above it, where one was read (a count's role), else the error
        "snakemake-rule-error",
        r"^(?P<msg>Error (?:in rule \S+?:?|executing rule \S+ on cluster \(.*))\s*$",
        tool="snakemake",
        role="count",
        block="snakemake-job",
        rank=2,
        words=("Error in rule", "Error executing rule"),
        examples=(
            "Error in rule align_reads:",
            "Error executing rule count_words on cluster (jobid: 3, external: 8812, jobscript:"
            " /home/user/.snakemake/tmp.x/snakejob.count_words.3.sh). For error details see the"
            " cluster log and the log files of the involved rule(s).",
        ),
    ),
    Format(  # Snakemake's own exception: in a rule of a Snakefile, at a line of one, or bare
        "snakemake-exception",
        r"^(?P<msg>\w+(?:Exception|Error) in (?:rule \S+ in file .+, line \d+|file .+, line "
        r"\d+|line \d+ of .+)|(?:Missing(?:Output|Input|Rule)|Rule|IncompleteFiles|"
        r"ProtectedOutput|AmbiguousRule|CyclicGraph|ChildIO|Lock)Exception|WorkflowError):\s*$",
        tool="snakemake",
        block="snakemake-exception",
        rank=2,
        words=("Exception", "WorkflowError:", "Error in "),
        examples=(
            "MissingOutputException in rule sort_reads in file /home/user/flow/Snakefile, line 12:",
            "MissingInputException in line 8 of /home/user/flow/Snakefile:",
            "SyntaxError in file /home/user/flow/rules/qc.smk, line 4:",
            "MissingRuleException:",
            "WorkflowError:",
        ),
    ),
    Format(  # Nextflow's error (a task's failure, in its log without "ERROR ~")
        "nextflow-error",
        r"^(?:ERROR ~ (?P<msg>\S.*?)|Error executing process > '.+')\s*$",
        tool="nextflow",
        block="nextflow",
        rank=2,
        words=("ERROR ~ ", "Error executing process >"),
        examples=(
            "ERROR ~ Error executing process > 'ALIGN (sample_1)'",
            "Error executing process > 'COUNT (lane_2)'",
            "ERROR ~ No such variable: reads",
        ),
    ),
)
