"""Jupyter notebooks run as a build or a test: ``jupyter nbconvert --execute`` and
nbclient (``CellExecutionError``), nbval (``pytest --nbval``), and what IPython
prints of a cell's exception, which all of them (and papermill) quote.

IPython's traceback is not Python's: a rule of dashes, then the exception's
name padded to a column and ``Traceback (most recent call last)`` without a
colon; each frame as ``Cell In[3], line 2`` (a cell), ``File /path/x.py:12, in
f(x)`` (IPython 8) or ``/path/x.py in f(x)`` over its quoted lines, ``---->
12`` marking the line that ran (IPython 7), and last the exception's own
line (``NameError: name 'count' is not defined``), which is the error.

nbclient's error quotes the cell, between rules of dashes, then that traceback::

    nbclient.exceptions.CellExecutionError: An error occurred while executing the following cell:
    ------------------
    total([1, 2])
    ------------------

    ----------------------------------------------------------------------
    NameError                                 Traceback (most recent call last)
    ...
    NameError: name 'count' is not defined

nbval reports a failing cell as a pytest failure headed ``Cell 0: Cell execution
caused an exception`` (the cell, then the traceback after ``Traceback:``) or
``Cell 0: Cell outputs differ`` (the cell, then the outputs that disagree).
"""

from __future__ import annotations

from ...report import Error
from ..frames import is_user_path
from ..reader import Reader
from . import Format, named_above, regex

ORDER = 10  # with python.py's rows (none takes the other's lines)
COMMANDS = {"jupyter-nbconvert": "nbconvert", "jupyter-execute": "nbconvert"}


class CellFailure(Reader):
    """A cell's failure: the cell quoted under nbclient's or nbval's header, then
    IPython's traceback (or, for a header that is that traceback's own, only the
    traceback). The error is the exception's line that ends the traceback, at
    the innermost frame of the user's own code where it has one (a cell has no
    file); nbclient prints that line twice, which is one line of the block.
    nbval's outputs that differ have no exception: the mismatch nbval names
    (``mismatch 'text/plain'``) goes into the message."""

    frames_wanted = False
    _TRACEBACK = regex(r"^(?P<name>[A-Za-z_][\w.]*)\s{2,}Traceback \(most recent call last\)\s*$")
    _AT = regex(r"^File (?P<file>.+?):(?P<line>\d+)(?:, in .*)?$")  # IPython 8
    # IPython 7: a frame's file (its line is the one marked below it), or a cell
    _IN = regex(r"^(?P<file>\S.*?) in (?:<module>|\S+\(.*\))$")
    _FRAME = regex(r"^(?:Cell In ?\[|Input In \[|File |\d+ frames$)")  # IPython 8's, Colab's
    _RAN = regex(r"^-+> (?P<line>\d+)\b")
    _MISMATCH = regex(r"^\s*(?:Traceback:\s*)?(?P<what>mismatch '[^']+')")
    _NEXT = regex(r"^(?:_{3,} .* _{3,}|={3,}.*={3,})$")  # pytest's next section or its summary

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        header = self._TRACEBACK.match(err.text.strip())
        self.name: str | None = header["name"] if header is not None else None
        self.differ = err.text.rstrip().endswith("Cell outputs differ")
        self.file: str | None = None  # the frame being read (IPython 7)
        self.said: str | None = None  # the exception's line, once read
        self.echo = False  # the line after it: nbclient says it again there

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.said is not None:  # only its echo (nbclient's) may follow, right after it
            echo, self.echo = self.echo and stripped == self.said, False
            return echo
        if self._NEXT.match(stripped):
            return False
        if self.name is None:
            if (m := self._TRACEBACK.match(stripped)) is not None:
                self.name = m["name"]
            elif self.differ and (m := self._MISMATCH.match(line)) is not None:
                self.err.message = f"{self.err.message.rstrip()} ({m['what']})"
                self.differ = False
            return True  # the cell's source and nbval's headings
        if line[:1].isspace() or not stripped or stripped.startswith("-"):
            self._frame(stripped)
            return True
        if stripped == self.name or stripped.startswith(f"{self.name}:"):
            self.said = self.err.message = stripped
            self.err.code, self.echo = None, True
            return True
        if self._FRAME.match(stripped) is None and self._IN.match(stripped) is None:
            return False  # no frame: the traceback was cut short
        self._frame(stripped)
        return True

    def _frame(self, text: str) -> None:
        """A frame's line: where it is, kept when it is the user's own code."""
        if text.startswith(("Cell In", "Input In")):  # a cell: no file of its own
            self.file = None
        elif (m := self._AT.match(text)) is not None:
            self._place(m["file"], int(m["line"]))
        elif (m := self._IN.match(text)) is not None:
            self.file = m["file"]
        elif (m := self._RAN.match(text)) is not None and self.file is not None:
            self._place(self.file, int(m["line"]))
            self.file = None

    def _place(self, file: str, line: int) -> None:
        if is_user_path(file) and not file.startswith("<"):
            self.err.file, self.err.line = file, line

    def category(self) -> str | None:
        return "assertion" if self.err.message.startswith("Cell ") else None


READERS = {"notebook-cell": CellFailure}

ROWS = (
    Format(  # nbclient's (nbconvert --execute) error, the cell and its traceback under it
        "nbclient-cell-error",
        r"^(?:nbclient\.exceptions\.|nbconvert\.preprocessors\.execute\.)?CellExecutionError: "
        r"(?P<msg>An error occurred while executing the following cell:)\s*$",
        tool="nbconvert",
        block="notebook-cell",
        rank=3,
        examples=(
            "nbclient.exceptions.CellExecutionError: An error occurred while executing the"
            " following cell:",
            "CellExecutionError: An error occurred while executing the following cell:",
        ),
    ),
    Format(  # nbval's failing cell, under pytest's heading for it
        "nbval-cell",
        r"^(?P<msg>Cell \d+: Cell (?:execution caused an exception|outputs differ))\s*$",
        tool="pytest",
        block="notebook-cell",
        rank=3,
        # the test is the cell's id in pytest's heading above it ("nb.ipynb::Cell 0"),
        # which holds a space, unlike a test's
        fixup=named_above(r"^_{3,} (?P<test>\S+::Cell \d+) _{3,}\s*$"),
        words=("Cell outputs differ",),
        examples=(
            "Cell 0: Cell execution caused an exception",
            "Cell 4: Cell outputs differ",
        ),
    ),
    Format(  # IPython's own traceback of a cell's exception (papermill, a notebook's output)
        "ipython-traceback",
        r"^(?P<msg>[A-Za-z_][\w.]*)\s{2,}Traceback \(most recent call last\)\s*$",
        tool="python",
        block="notebook-cell",
        rank=3,
        words=("Traceback (most recent call last)",),
        examples=(
            "NameError                                 Traceback (most recent call last)",
            "ModuleNotFoundError                       Traceback (most recent call last)",
        ),
    ),
)
