"""The tools' own outputs for ``corpora.py``: errorformat and analysis-model,
where each expected error must be found at its exact file and line."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from corpus_scan import Scan, ratio, read_jsonl, scan

from pytest_errlearn.detect import tool_from_command
from pytest_errlearn.report import Error

# errorformat inputs of tools errlearn claims: name -> (the command that prints it,
# which gives errlearn its tool hint; the kind of an entry whose type is neither
# error nor warning, None to leave it out). flake8's "F" (pyflakes) codes and
# go vet's untyped findings fail those tools just as their errors do.
ERRORFORMAT: dict[str, tuple[str, str | None]] = {
    "tsc": ("tsc --noEmit", None),
    "eslint": ("eslint .", None),
    "eslint-compact": ("eslint --format compact .", None),
    "cargo-check": ("cargo check", None),
    "clippy": ("cargo clippy", None),
    "mypy": ("mypy .", None),
    "flake8": ("flake8", "error"),
    "govet": ("go vet ./...", "error"),
    "golangci-lint": ("golangci-lint run", None),
    "msbuild": ("msbuild /property:GenerateFullPaths=true /nologo /v:q", None),
    "dotnet": ("dotnet build -clp:NoSummary -p:GenerateFullPaths=true --nologo -v q", None),
    "scalac": ("scalac", None),
    "sbt": ("sbt compile", None),
    "phpstan": ("phpstan analyse --error-format=raw", "error"),
    "psalm": ("psalm --output-format=text", None),
    "luacheck": ("luacheck .", "warning"),  # without --codes its findings are warnings
    "rubocop": ("rubocop", "warning"),  # C (convention) and W: warnings
}

# analysis-model parser tests whose tool errlearn claims; their plain-text
# resources (not JSON/XML reports) and inline inputs are scanned without a hint.
ANALYSIS_TESTS = frozenset(
    {
        "GccParserTest",
        "Gcc4CompilerParserTest",
        "Gcc4Cc1ParserTest",
        "Gcc4LinkerParserTest",
        "ClangParserTest",
        "LlvmLinkerParserTest",
        "CMakeParserTest",
        "JavacParserTest",
        "MavenConsoleParserTest",
        "CargoClippyParserTest",
        "MyPyAdapterTest",
        "PylintParserTest",
        "Flake8AdapterTest",
        "GoVetParserTest",
        "MsBuildParserTest",
        "PhpParserTest",
        "ScalacParserTest",
        "SbtScalacParserTest",
        "ShellCheckParserTest",
    }
)
# Those parsers rate a tool's own errors ERROR or WARNING_HIGH (gcc's, mypy's and
# the linkers' ``error:`` lines are WARNING_HIGH); NORMAL and LOW are warnings.
ANALYSIS_KINDS = {
    "ERROR": "error",
    "WARNING_HIGH": "error",
    "WARNING_NORMAL": "warning",
    "WARNING_LOW": "warning",
}
# Where a parser's rating is not the tool's word: go vet has no severity and
# fails on every finding; the Javac parser rates kotlinc's ``e:`` lines NORMAL.
ANALYSIS_ALL_ERRORS = frozenset({"GoVetParserTest"})
ANALYSIS_ERROR_LINES = frozenset({("kotlin-1_8.txt", 425), ("kotlin-cmake.txt", 425)})
_LINT_CODE = re.compile(r"[A-Z]\d{3,4}")


# -- errorformat, analysis-model: exact file and line of each expected error ------


@dataclass(frozen=True, slots=True)
class Expected:
    file: str
    line: int
    kind: str  # "error" or "warning"


def same_file(a: str, b: str) -> bool:
    """Equal, or one a path suffix of the other (logs and labels differ on the directory)."""
    a, b = (p.replace("\\", "/").removeprefix("./") for p in (a, b))
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def points_at(err: Error, exp: Expected) -> bool:
    return err.line == exp.line and err.file is not None and same_file(err.file, exp.file)


@dataclass(slots=True)
class ExtractCase:
    scan: Scan
    expected: list[Expected]
    unlabelled: int  # entries without a usable kind, file or line: in neither figure

    @property
    def expected_errors(self) -> list[Expected]:
        return [x for x in self.expected if x.kind == "error"]

    @property
    def missed(self) -> list[Expected]:
        errors = self.scan.errors
        return [x for x in self.expected_errors if not any(points_at(e, x) for e in errors)]

    @property
    def warnings_as_errors(self) -> list[Error]:
        """Reported errors at an expected warning's place, where no error is expected."""
        warnings = [x for x in self.expected if x.kind == "warning"]
        return [
            e
            for e in self.scan.errors
            if any(points_at(e, w) for w in warnings)
            and not any(points_at(e, x) for x in self.expected_errors)
        ]


@dataclass(slots=True)
class ExtractResult:
    corpus: str
    cases: list[ExtractCase]

    @property
    def exact(self) -> float:
        total = sum(len(c.expected_errors) for c in self.cases)
        return ratio(total - sum(len(c.missed) for c in self.cases), total)

    @property
    def warnings_as_errors(self) -> int:
        return sum(len(c.warnings_as_errors) for c in self.cases)

    @property
    def scans(self) -> list[Scan]:
        return [c.scan for c in self.cases]


def errorformat_kind(entry: dict[str, Any], other: str | None) -> str | None:
    """An errorformat entry's kind: its type, else the severity word its text starts with."""
    kind = (entry.get("type") or "").lower()
    if kind in ("error", "e", "warning", "w"):
        return "error" if kind.startswith("e") else "warning"
    if kind in ("info", "i", "note", "n"):
        return None
    text = str(entry.get("text") or "").split(":", 1)[0].strip().lower()
    word = text.split(" ", 1)[0]  # "warning CS0618", "error - UndefinedVariable"
    if not kind and word in ("error", "warning"):
        return word
    return other


def _expectations(entries: Sequence[tuple[str | None, Any, Any]]) -> tuple[list[Expected], int]:
    """(kind, file, line) triples -> the located, labelled ones, and how many were not."""
    expected = []
    for kind, file, line in entries:
        if kind is not None and file and isinstance(line, int) and line >= 1:
            expected.append(Expected(str(file), line, kind))
    return expected, len(entries) - len(expected)


def evaluate_errorformat(root: Path) -> ExtractResult:
    base = root / "errorformat" / "fmts_testdata"
    cases = []
    for name, (command, other) in ERRORFORMAT.items():
        rows = read_jsonl(base / f"{name}.expected.jsonl")
        expected, unlabelled = _expectations(
            [(errorformat_kind(r, other), r.get("file"), r.get("line")) for r in rows]
        )
        found = scan(f"{name}.in", (base / f"{name}.in").read_bytes(), tool_from_command(command))
        cases.append(ExtractCase(found, expected, unlabelled))
    return ExtractResult("errorformat", cases)


def analysis_kind(test: str, name: str, issue: dict[str, Any]) -> str | None:
    """An analysis-model issue's kind; a flake8/pylint code's letter decides as it does for
    errlearn: pylint's W, C, R and I are warnings, flake8's W (pycodestyle's warnings)."""
    code = str(issue.get("type") or "")
    if _LINT_CODE.fullmatch(code):
        warnings = "W" if test.startswith("Flake8") else "WCRI"
        return "warning" if code[0] in warnings else "error"
    if test in ANALYSIS_ALL_ERRORS or (name, issue.get("line")) in ANALYSIS_ERROR_LINES:
        return "error"
    return ANALYSIS_KINDS.get(issue.get("severity") or "")


def evaluate_analysis_model(root: Path) -> ExtractResult:
    """Resources shared by several selected parser tests are scanned once, labels merged."""
    base = root / "analysis-model"
    inputs: dict[str, bytes] = {}
    issues: dict[str, dict[str, tuple[str | None, Any, Any]]] = {}
    for row in read_jsonl(base / "expected.jsonl"):
        if row["test"] not in ANALYSIS_TESTS:
            continue
        if row.get("inline_input") is not None:
            name = f"{row['test']}.{row['method']} (inline)"
            inputs[name] = str(row["inline_input"]).encode("utf-8")
        elif row.get("resource") and Path(row["resource"]).suffix not in (".json", ".xml"):
            name = row["resource"]
            if name not in inputs:
                inputs[name] = (base / "resources" / name).read_bytes()
        else:
            continue
        for i in row["issues"]:  # keyed to count an issue two tests assert once
            kind = analysis_kind(row["test"], name, i)
            key = f"{kind} {json.dumps(i, sort_keys=True)}"
            issues.setdefault(name, {})[key] = (kind, i.get("file"), i.get("line"))
    cases = []
    for name, data in inputs.items():
        expected, unlabelled = _expectations(list(issues.get(name, {}).values()))
        cases.append(ExtractCase(scan(name, data), expected, unlabelled))
    return ExtractResult("analysis-model", cases)
