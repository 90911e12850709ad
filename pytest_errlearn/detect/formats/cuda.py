r"""GPU and HPC compilers: CUDA's nvcc (and the tools it drives: ptxas, nvlink),
the NVIDIA HPC SDK's nvc, nvc++ and nvfortran (PGI's before), Intel's ifort,
and a CUDA program's own check of a runtime call. (hipcc is clang: c.py's.)

nvcc's front end (EDG's, as Intel's classic compilers') puts the line in
parentheses after the file, no column, then the quoted source and a caret,
and a blank line after each diagnostic; the count of them ends the file::

    src/scale.cu(12): error: identifier "total" is undefined
        out[i] = total * k;
                 ^

    1 error detected in the compilation of "src/scale.cu".

ifort writes the same place with its diagnostic's number (``error #6404:``),
its caret under dashes (``------^``), then ``compilation aborted for
src/solver.f90 (code 1)``. nvcc and the tools under it say what stopped them
on a line of their own (``nvcc fatal   : Unsupported gpu architecture
'compute_35'``, ``ptxas error   : Entry function '...' uses too much shared
data``): CMake's "Error generating ... .cu.o" and make's lines follow from it.
The HPC SDK's compilers write their severity letter and the message's number
first, the place last: ``NVFORTRAN-S-0034-Syntax error at or near ACCLOOP
(src/dyn.F90: 906)``, and count them per routine (``0 inform, 0 warnings,
1 severes, 0 fatal for halo_update``). A program that checks each CUDA call
prints what failed and where: the CUDA samples' ``checkCudaErrors`` (``CUDA
error at src/main.cu:42 code=2(cudaErrorMemoryAllocation) "cudaMalloc(...)"``),
Torch's ``THCudaCheck FAIL file=... line=N error=N : ...``, and the
``gpuErrchk`` macro many projects copy (``GPUassert: out of memory
src/main.cu 42``).
"""

from __future__ import annotations

import re

from ...report import Error
from ..reader import Reader
from . import Format, Said, regex, said_in

COMMANDS = {
    "nvcc": "nvcc",
    **dict.fromkeys(("ifort", "ifx"), "ifort"),
    **dict.fromkeys(("icc", "icpc"), "icc"),
    **dict.fromkeys(("nvc", "nvc++", "nvfortran", "pgcc", "pgc++", "pgfortran", "pgf90"), "nvhpc"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)
# Before dotnet.py's rows: MSBuild's catch-all takes any "file(1): error X:".
ORDER = 14

# What the compilers' words say the error is, where the classifier would not tell.
_SAYS = (
    ("syntax", regex(r"^expected an? |[Ss]yntax error|unrecognized token|unexpected end of")),
    (
        "reference",
        regex(
            r"is undefined\b|does not have a type, and must have an explicit type|has not been"
            r" (?:explicitly )?declared|has no member|is not a member of|Undefined reference"
            r"|Unresolved extern"
        ),
    ),
    (
        "type",
        regex(
            r"explicit type is missing|instance of overloaded function|incomplete type|a value of"
            r" type|is incompatible with|no suitable (?:conversion|constructor)|type of the actual"
            r" argument differs|[Tt]ype mismatch"
        ),
    ),
    (
        "dependency",
        regex(r"cannot open source file|opening the compiled module file|Unable to open \w+ file"),
    ),
    (
        "config",
        regex(
            r"Unsupported gpu architecture|Unknown option|is not defined for option|Cannot find"
            r" compiler|unsupported GNU version|[Hh]ost compiler|driver version is insufficient"
            r"|no kernel image is available|no CUDA-capable device|InsufficientDriver|NoKernelImage"
            r"|NoDevice"
        ),
    ),
    (
        "runtime",
        regex(
            r"out of memory|MemoryAllocation|illegal (?:memory )?address|IllegalAddress|launch"
            r" failure|LaunchFailure"
        ),
    ),
)

_FORTRAN = regex(r"\.(?:f|for|ftn|f77|f90|f95|f03|f08)$", re.IGNORECASE)
# An EDG diagnostic's place: the file, its line in parentheses, the severity.
_EDG_AT = r": (?P<sev>catastrophic error|error|warning|remark)"
_EDG = (
    r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:()][^:()]*?)\((?P<line>\d+)\)"
    + _EDG_AT
    + r"(?: #(?P<code>\d+(?:-D)?))?: (?P<msg>.+)$"
)


class Diagnostic(Reader):
    """Under an nvcc or ifort diagnostic: the quoted source and its caret (``^``
    under spaces or ifort's dashes), the lines that go on with the message
    (the candidates of an overload, "detected during instantiation of ...") and
    where an instantiation was asked for (``src/scale.cu(31): here``), up to
    the blank line nvcc leaves or the next diagnostic. A Fortran file's is
    ifort's; a C or CUDA file's nvcc's, but where the command ran icc."""

    frames_wanted = False
    _NEXT = regex(
        r"^\s*\S[^:()]*\(\d+\)" + _EDG_AT + r"|^\s*\d+ errors? detected in the compilation of "
    )
    _MORE = regex(r"^(?:\s+\S|-*\^\s*$|\S.*\(\d+\): here$)")
    _LINES = 12  # source, caret, an overload's candidates: no more

    def accept(self, line: str) -> bool:
        return (
            self.count < self._LINES
            and self._MORE.match(line) is not None
            and self._NEXT.match(line) is None
        )

    def finish(self) -> None:
        if _FORTRAN.search(self.err.file or ""):
            self.err.tool = "ifort"
        elif self.err.tool != "icc":
            self.err.tool = "nvcc"

    def category(self) -> str | None:
        return said_in(_SAYS, self.err.message)


class ToolSaid(Said):
    """What stopped nvcc, one of its tools or the HPC SDK's compilers: its
    category as its words say it, else a build's."""

    SAYS = _SAYS

    def category(self) -> str | None:
        return said_in(self.SAYS, self.err.message) or self.said_else("build")


class NvhpcSaid(ToolSaid):
    """An HPC SDK compiler's message: its place where it comes on the next line
    (a message that printed a line break of its own, ``NVFORTRAN-S-0000-...``
    over ``0  (src/dom.f90: 684)``)."""

    _PLACE = regex(r"^.*\((?P<file>[^:()]+): (?P<line>\d+)\)\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        if err.tool is not None:
            err.tool = err.tool.lower()  # the compiler, as its command is named

    def accept(self, line: str) -> bool:
        if self.count or self.err.file is not None:
            return False
        if (m := self._PLACE.match(line)) is None or line.startswith(("NVFORTRAN-", "PG", "NVC")):
            return False
        self.err.file, self.err.line = m["file"].strip(), int(m["line"])
        return True


class CudaCheck(Reader):
    """A CUDA program's check of a runtime call that failed: the file and line
    its macro names, the error's name or number, and what the runtime said."""

    frames_wanted = False
    _SHAPES = (
        regex(
            r'^CUDA error at (?P<file>.+?):(?P<line>\d+) code=\d+\((?P<code>\w+)\) "(?P<call>.*)"'
        ),
        regex(
            r"^THCudaCheck FAIL file=(?P<file>\S+) line=(?P<line>\d+) error=(?P<code>\d+)"
            r" : (?P<msg>.+?)\s*$"
        ),
        regex(r"^GPUassert: ?(?P<msg>.+?) (?P<file>\S+) (?P<line>\d+)\s*$"),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        for shape in self._SHAPES:
            if (m := shape.match(err.text.strip())) is not None:
                found = m.groupdict()
                err.file, err.line = found["file"], int(found["line"])
                err.code = found.get("code") or err.code
                if found.get("call") is not None:  # the error's name, and the call that failed
                    err.message = f"{found['code']}: {found['call']}"
                elif found.get("msg"):
                    err.message = found["msg"]
                break

    def accept(self, line: str) -> bool:
        return False

    def category(self) -> str | None:
        said = said_in(_SAYS, self.err.message) or said_in(_SAYS, self.err.text)
        return "runtime" if said in (None, "reference", "syntax", "type") else said


READERS = {
    "cuda-diagnostic": Diagnostic,
    "cuda-tool": ToolSaid,
    "nvhpc": NvhpcSaid,
    "cuda-check": CudaCheck,
}

ROWS = (
    Format(  # nvcc's front end, ifort: "file(line): error: ..." (``Diagnostic``)
        "edg-diagnostic",
        _EDG,
        seek=_EDG_AT,
        tool=None,  # the reader's: nvcc's, ifort's, or icc's where the command ran icc
        block="cuda-diagnostic",
        rank=2,
        examples=(
            'src/scale.cu(12): error: identifier "total" is undefined',
            r'C:\Users\dev\app\kernels\scale.cu(7): error: identifier "uint" is undefined',
            "src/solver.f90(14): error #6404: This name does not have a type, and must have an"
            " explicit type.   [TOTAL]",
            'src/scale.cu(3): catastrophic error: cannot open source file "missing.h"',
            'src/scale.cu(9): warning #177-D: variable "n" was declared but never referenced',
        ),
    ),
    Format(  # nvcc or a tool it ran stopped: an option or a GPU it does not know, a kernel
        # too big for the GPU, a device function no object defines
        "cuda-tool",
        r"^\s*(?P<tool>nvcc|ptxas|nvlink|fatbinary|cicc|cudafe\+\+)(?:\.exe)? (?P<sev>fatal|error)"
        r" *: (?P<msg>.+)$",
        tool="nvcc",
        block="cuda-tool",
        rank=2,
        words=("nvcc", "ptxas", "nvlink"),
        examples=(
            "nvcc fatal   : Unsupported gpu architecture 'compute_35'",
            "ptxas error   : Entry function '_Z5scalePfi' uses too much shared data (0xc400"
            " bytes, 0xc000 max)",
            "nvlink error   : Undefined reference to '_Z5totalv' in 'build/main.o'",
        ),
    ),
    Format(  # the HPC SDK's (PGI's) compilers: severity letter, number, message, place
        "nvhpc",
        r"^(?P<tool>NVFORTRAN|NVC\+\+|NVC|PGF90|PGF95|PGFORTRAN|PGC\+\+|PGCC|PGC)-(?P<sev>[IWSF])-"
        r"(?P<code>\d{4})-(?P<msg>.+?)(?: \((?P<file>[^:()]+): (?P<line>\d+)\))?\s*$",
        tool="nvhpc",
        block="nvhpc",
        rank=2,
        words=("nvfortran-", "nvc-", "nvc++-", "pgf90-", "pgf95-", "pgfortran-", "pgc"),
        examples=(
            "NVFORTRAN-S-0034-Syntax error at or near ACCLOOP (src/dyn.F90: 906)",
            "NVC++-S-0155-Compiler failed to translate accelerator region (src/app.cpp: 31)",
            "NVFORTRAN-W-0155-Accelerator region ignored (src/dyn.F90: 12)",
        ),
    ),
    Format(  # the compilers' counts of what they listed above: the error only alone
        "cuda-count",
        r"^\s*(?P<msg>\d+ errors? detected in the compilation of \"[^\"]+\"\.?"
        r"|compilation aborted for \S+ \(code \d+\)"
        r"|\d+ inform, +\d+ warnings, +(?:[1-9]\d* severes, +\d+|\d+ severes, +[1-9]\d*) fatal"
        r" for \S+)"
        r"\s*$",
        tool="nvcc",
        role="count",
        category="build",
        rank=0,
        words=("detected in the compilation", "compilation aborted", "severes,"),
        examples=(
            '1 error detected in the compilation of "src/scale.cu".',
            "compilation aborted for src/solver.f90 (code 1)",
            "0 inform, 0 warnings, 1 severes, 0 fatal for halo_update",
            "  0 inform,   0 warnings,   1 severes, 0 fatal for halo_update",
        ),
    ),
    Format(  # a CUDA runtime call a program checked failed (``CudaCheck``)
        "cuda-check",
        r'^\s*(?P<msg>CUDA error at \S.*?:\d+ code=\d+\(\w+\) ".*"'
        r"|THCudaCheck FAIL file=\S+ line=\d+ error=\d+ : .+|GPUassert: ?.+ \S+ \d+)\s*$",
        tool="cuda",
        block="cuda-check",
        rank=2,
        words=("cuda error at", "thcudacheck fail", "gpuassert:"),
        examples=(
            'CUDA error at src/main.cu:42 code=2(cudaErrorMemoryAllocation) "cudaMalloc(&d, n)"',
            "THCudaCheck FAIL file=/src/THC/THCGeneral.c line=70 error=35 : CUDA driver version"
            " is insufficient for CUDA runtime version",
            "GPUassert: out of memory src/main.cu 42",
        ),
    ),
)
