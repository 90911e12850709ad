"""Node's own errors and prettier: a script that failed to load, ``prettier --check``.

The outputs are real runs of Node 20.20 and prettier 3.10 (npm), as
prettier's docs print ``--check`` too.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

PRETTIER_CHECK = """
Checking formatting...
[warn] src/index.js
[warn] src/util.ts
[warn] Code style issues found in 2 files. Run Prettier with --write to fix.
"""


def test_prettier_check_names_each_file_it_would_change() -> None:
    report = scan(PRETTIER_CHECK)
    assert [(e.file, e.message, e.tool) for e in report.errors] == [
        ("src/index.js", "would reformat (prettier)", "prettier"),
        ("src/util.ts", "would reformat (prettier)", "prettier"),
    ]
    assert report.errors[-1].related == [(4, 4)]  # the count follows from them


def test_prettiers_count_is_the_error_where_no_file_was_read_above_it() -> None:
    # prettier 1 listed the files without "[warn]": lines no row can tell from text
    report = scan(
        """
        Checking formatting...
        src/layouts/night.css
        Code style issues found in the above file(s). Forgot to run Prettier?
        npm ERR! code ELIFECYCLE
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("prettier", "config", (3, 3))
    assert err.related == [(4, 4)]  # npm's failure follows from it


def test_a_file_prettier_cannot_parse_is_one_error_with_its_code_frame() -> None:
    report = scan(
        """
        Checking formatting...
        [error] src/bad.js: SyntaxError: Unexpected token (1:7)
        [error] > 1 | const = ;
        [error]     |       ^
        [error]   2 |
        [warn] src/index.js
        Error occurred when checking code style in the above file.
        """
    )
    bad, index = report.errors
    assert (bad.file, bad.line, bad.column, bad.category) == ("src/bad.js", 1, 7, "syntax")
    assert (bad.message, bad.span) == ("SyntaxError: Unexpected token", (2, 5))
    assert index.file == "src/index.js" and report.primary is bad


NODE_SYNTAX = """
{where}:2
const = ;
      ^

SyntaxError: Unexpected token '='
    at wrapSafe (node:internal/modules/cjs/loader:1464:18)
    at Module._compile (node:internal/modules/cjs/loader:1495:20)
    at node:internal/main/run_main_module:28:49

Node.js v20.20.2
"""


@pytest.mark.parametrize(
    ("where", "file"),
    [("/app/src/bad.js", "/app/src/bad.js"), ("file:///app/src/bad.mjs", "/app/src/bad.mjs")],
)
def test_a_script_node_cannot_parse_is_placed_where_node_says_above_it(
    where: str, file: str
) -> None:
    (err,) = scan(NODE_SYNTAX.format(where=where)).errors
    assert (err.file, err.line, err.category) == (file, 2, "syntax")


def test_nodes_own_source_above_an_error_is_not_its_place() -> None:
    (err,) = scan(
        """
        node:internal/modules/esm/resolve:283
            throw new ERR_MODULE_NOT_FOUND(
                  ^

        Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/nope.js' imported from /app/a.mjs
            at finalizeResolution (node:internal/modules/esm/resolve:283:11)
        """
    ).errors
    assert err.file == "/app/a.mjs"  # the module that imports it, not Node's resolve.js


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_real_syntax_error_of_node_is_placed_at_its_line(tmp_path: Path) -> None:
    script = tmp_path / "bad.js"
    script.write_text("const a = 1;\nconst = ;\n")
    run = subprocess.run(["node", str(script)], capture_output=True, check=False)
    (err,) = detect(run.stderr).errors
    assert (err.file, err.line, err.category) == (str(script), 2, "syntax")
