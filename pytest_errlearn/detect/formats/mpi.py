r"""MPI launchers (Open MPI's mpirun, MPICH's mpiexec) and Slurm (slurmstepd,
srun, sbatch): what they say of a job's processes after one failed.

The launcher reports a process that failed after the process's own output:
that output, where a row read it (a crash's report, a traceback), is the
error, and the launcher's report follows from it; alone, the report is the
error. Open MPI frames each report between dashed lines::

    --------------------------------------------------------------------------
    MPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD
    with errorcode 3.
    ...
    mpirun noticed that process rank 1 with PID 0 on node n01 exited on signal 6 (Aborted).
    mpirun detected that one or more processes exited with non-zero status, thus causing
    the job to be terminated. The first process to do so was:

      Process name: [[20573,1],1]
      Exit code:    1

and says above the last two, whatever failed, that the "Primary job
terminated normally, but 1 process returned a non-zero exit code": nothing
of its own. MPICH's is ``application called MPI_Abort(MPI_COMM_WORLD, 1) -
process 0``, srun's ``srun: error: n01: tasks 0-3: Exited with exit code 1``.
Slurm's own errors are the job's: stopped at its time limit (``slurmstepd:
error: *** JOB 123 ON n01 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME LIMIT
***``), a process the kernel killed for the memory the job was given
(``slurmstepd: error: Detected 1 oom-kill event(s) in StepId=123.batch``),
or a job or step Slurm would not start (``sbatch: error: Batch job submission
failed: ...``).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, Said, regex

# sbatch only submits a script: its output is Slurm's. (mpirun, mpiexec and srun
# launch another program, whose tool the command names.)
COMMANDS = {"sbatch": "slurm"}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {"sbatch": None}

_LAUNCHER = r"(?:mpirun|mpiexec|orterun|prterun)"


class LauncherReport(Reader):
    """A launcher's report of a failed process: the lines that end its sentence
    (``with errorcode 3.``), the process and exit code Open MPI names under
    "detected that one or more processes exited", the MPI error class under
    Open MPI's "An error occurred in MPI_Send", up to the dashed line."""

    frames_wanted = False
    _WITH = regex(r"^with errorcode -?\d+\.?\s*$")
    _FIELD = regex(r"^\s+(?P<key>Process name|Exit code):\s+(?P<value>\S+)\s*$")
    _STARS = regex(r"^\[[^\]\s]+\] \*\*\* +(?P<rest>.*)$")
    _CLASS = regex(r"^(?P<msg>MPI_ERR_\w+: .+?)\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        if err.text.startswith("srun"):
            err.tool = "slurm"
        if (m := self._STARS.match(err.message)) is not None:
            err.message = m["rest"]
        self.fields: dict[str, str] = {}

    def accept(self, line: str) -> bool:
        if self.count >= 8 or line.startswith("-----"):
            return False
        if self._WITH.match(line):
            self.err.message = f"{self.err.message.rstrip()} {line.strip()}"
            return True
        if (m := self._FIELD.match(line)) is not None:
            self.fields[m["key"]] = m["value"]
            return True
        if (m := self._STARS.match(line)) is not None:
            if (said := self._CLASS.match(m["rest"])) is not None:
                self.err.message = f"{self.err.message}: {said['msg']}"
            return True
        return not line.strip() or line.startswith("the job to be terminated")

    def finish(self) -> None:
        if self.fields:  # "... non-zero status, thus causing": the process, its exit code
            said = ", ".join(f"{k.lower()} {v}" for k, v in self.fields.items())
            head = self.err.message.split(", thus causing")[0].rstrip(" ,")
            self.err.message = f"{head}: {said}"

    def category(self) -> str | None:
        return "runtime"


class SlurmSaid(Said):
    """Slurm's own error: a job out of its time or memory ran (runtime), else one
    Slurm would not start as asked (config)."""

    SAYS = (
        ("runtime", regex(r"TIME LIMIT|PREEMPTION|NODE FAIL|oom[-_]kill|Out Of Memory")),
        ("config", regex(r".")),
    )


READERS = {"mpi-launcher": LauncherReport, "slurm": SlurmSaid}

ROWS = (
    Format(  # a launcher's report of a process that failed: the error only alone
        "mpi-launcher",
        r"^(?P<msg>MPI_ABORT was invoked on rank \d+ in communicator \S+(?: with errorcode -?\d+"
        r"\.)?"
        r"|" + _LAUNCHER + r" noticed that process rank \d+ with PID \d+ on node \S+ exited on"
        r" signal \d+ \(.*\)\.?"
        r"|" + _LAUNCHER + r" (?:detected that one or more processes exited with non-zero status"
        r"|has exited due to process rank \d+ with PID \d+ on).*"
        r"|application called MPI_Abort\(.+\) - process \d+"
        r"|\[[^\]\s]+\] \*\*\* An error occurred in MPI_\w+.*"
        r"|srun: error: \S+: tasks? [\d,-]+: (?:Exited with exit code \d+|[A-Z][\w ]+))\s*$",
        tool="mpi",
        role="consequence",
        category="runtime",
        block="mpi-launcher",
        rank=2,
        words=("noticed that process", "application called mpi_abort", "an error occurred in"),
        examples=(
            "MPI_ABORT was invoked on rank 0 in communicator MPI_COMM_WORLD",
            "mpirun noticed that process rank 1 with PID 0 on node n01 exited on signal 11"
            " (Segmentation fault).",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "application called MPI_Abort(MPI_COMM_WORLD, 1) - process 0",
            "[n01:4242] *** An error occurred in MPI_Send",
            "srun: error: n01: tasks 0-3: Exited with exit code 1",
            "srun: error: n01: task 4: Out Of Memory",
        ),
    ),
    Format(  # what the launchers say around a report, whatever failed: nothing of its own
        "mpi-boilerplate",
        r"^(?:Primary job +terminated normally, but \d+ process(?:es)? returned"
        r"|a non-zero exit code\.+ Per user-direction, the job has been aborted\."
        r"|srun: (?:Job step aborted: Waiting up to \d+ seconds for job step to finish\."
        r"|Terminating job step \S+|Force Terminated job \S+))\s*$",
        tool="mpi",
        role="ignore",
        words=("primary job", "per user-direction", "srun: "),
        examples=(
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        ),
    ),
    Format(  # Slurm stopped the job, or would not start it (``SlurmSaid``)
        "slurm",
        r"^(?:slurmstepd|srun|sbatch|salloc)(?:-[\w.-]+)?: (?:error: )?(?P<msg>\*\*\*"
        r" (?:JOB|STEP) \S+ (?:ON \S+ )?CANCELLED AT \S+ DUE TO .+"
        r"|Detected \d+ oom[-_]kill events?.*"
        r"|(?:Batch job submission failed|Unable to allocate resources|Job submit/allocate failed"
        r"|Unable to create step for job \d+): .+)$",
        tool="slurm",
        block="slurm",
        # why the job's processes died: above the shell's own "Killed" line, printed before it
        rank=3,
        words=("cancelled at", "oom-kill", "oom_kill", "unable to allocate", "unable to create"),
        examples=(
            "slurmstepd: error: *** JOB 123 ON n01 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME"
            " LIMIT ***",
            "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=123.batch. Some of your"
            " processes may have been killed by the cgroup out-of-memory handler.",
            "sbatch: error: Batch job submission failed: Invalid account or account/partition"
            " combination specified",
            "srun: error: Unable to allocate resources: Requested node configuration is not"
            " available",
        ),
    ),
)
