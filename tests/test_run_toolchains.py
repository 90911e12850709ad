"""``errlearn run`` over real toolchains, where the machine has them (skipped where not):
the root cause of each is found at the file and line the tool names."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_run_command import errlearn, project

# A project of its own (no built-in library), as in test_run_command.
pytestmark = pytest.mark.usefixtures(project.__name__)


def needs(tool: str) -> Any:
    return pytest.mark.skipif(shutil.which(tool) is None, reason=f"{tool} is not installed")


def primary(tmp_path: Path, done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """The root cause of the run's JSON report; the summary names its place first."""
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["exit_code"] == done.returncode != 0
    err: dict[str, Any] = report["errors"][report["summary"]["primary"]]
    assert done.stderr.index(f"✖ {err['file']}:{err['line']}") > 0
    return err


def toolchain(tmp_path: Path, *cmd: str) -> dict[str, Any]:
    done = errlearn(tmp_path, "--color", "never", "--json", "report.json", "--", *cmd)
    return primary(tmp_path, done)


@needs("gcc")
def test_gcc_an_undeclared_name_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "main.c").write_text("int main(void) {\n  return count;\n}\n")
    err = toolchain(tmp_path, "gcc", "-c", "main.c", "-o", os.devnull)
    assert (err["file"], err["line"], err["category"]) == ("main.c", 2, "reference")


def crate(tmp_path: Path, name: str, source: str) -> None:
    """A one-file cargo package: ``src/NAME`` holding ``source``."""
    (tmp_path / "Cargo.toml").write_text(
        '[package]\nname = "tiny"\nversion = "0.1.0"\nedition = "2021"\n'
    )
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / name).write_text(source)


@needs("cargo")
def test_cargo_a_type_mismatch_is_found_at_its_line(tmp_path: Path) -> None:
    crate(tmp_path, "main.rs", 'fn main() {\n    let n: u32 = "three";\n    println!("{n}");\n}\n')
    err = toolchain(tmp_path, "cargo", "build", "--offline", "--quiet")
    assert (err["file"], err["line"], err["code"]) == ("src/main.rs", 2, "E0308")


@needs("cargo")
def test_cargo_test_a_failing_assertion_is_found_where_it_panicked(tmp_path: Path) -> None:
    crate(
        tmp_path,
        "lib.rs",
        "pub fn add(a: i32, b: i32) -> i32 { a - b }\n"
        "#[cfg(test)]\nmod tests {\n    #[test]\n"
        "    fn adds() { assert_eq!(super::add(2, 2), 4); }\n}\n",
    )
    err = toolchain(tmp_path, "cargo", "test", "--offline", "--quiet")
    assert (err["file"], err["line"], err["test"]) == ("src/lib.rs", 5, "tests::adds")
    assert "left == right" in err["message"]


@needs("cargo-clippy")
def test_cargo_clippy_a_denied_lint_is_found_at_its_line_named_by_its_lint(
    tmp_path: Path,
) -> None:
    crate(
        tmp_path,
        "main.rs",
        "fn main() {\n    let v: Vec<i32> = Vec::new();\n"
        '    if v.len() == 0 { println!("empty"); }\n}\n',
    )
    err = toolchain(tmp_path, "cargo", "clippy", "--offline", "--quiet", "--", "-D", "warnings")
    assert (err["file"], err["line"], err["code"]) == ("src/main.rs", 3, "clippy::len_zero")


@needs("node")
def test_node_an_exception_is_found_at_the_line_that_threw(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_text("const config = undefined;\nconsole.log(config.port);\n")
    err = toolchain(tmp_path, "node", "app.js")
    assert (os.path.basename(err["file"]), err["line"]) == ("app.js", 2)
    assert "TypeError" in err["message"]


@needs("node")
def test_node_a_missing_module_is_found_at_the_require(tmp_path: Path) -> None:
    (tmp_path / "app.js").write_text("// the entry point\nconst db = require('./db');\n")
    err = toolchain(tmp_path, "node", "app.js")
    assert (os.path.basename(err["file"]), err["line"]) == ("app.js", 2)
    assert (err["category"], err["message"]) == ("dependency", "Cannot find module './db'")


NODE_TEST = """const test = require('node:test');
const assert = require('node:assert');
test('adds numbers', () => {
  assert.strictEqual(2 - 3, 5);
});
test('zero', () => {});
"""


@needs("node")
@pytest.mark.parametrize("reporter", ["tap", "spec"])
def test_node_test_a_failed_assertion_is_one_error_at_its_line_with_its_test(
    tmp_path: Path, reporter: str
) -> None:
    (tmp_path / "sum.test.js").write_text(NODE_TEST)
    err = toolchain(tmp_path, "node", "--test", f"--test-reporter={reporter}", "sum.test.js")
    assert (os.path.basename(err["file"]), err["line"], err["test"]) == (
        "sum.test.js",
        4,
        "adds numbers",
    )
    assert (err["tool"], err["category"]) == ("node", "assertion")
    assert err["message"].endswith("Expected values to be strictly equal: -1 !== 5")
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["summary"]["total"] == 1


@needs("javac")
def test_javac_a_missing_symbol_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "Main.java").write_text(
        "public class Main {\n"
        "  public static void main(String[] a) {\n"
        "    System.out.println(count);\n  }\n}\n"
    )
    err = toolchain(tmp_path, "javac", "Main.java")
    assert (err["file"], err["line"], err["category"]) == ("Main.java", 3, "reference")


@needs("ocamlc")
def test_ocamlc_an_unbound_name_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "main.ml").write_text("let total = 0\nlet () = print_int totl\n")
    err = toolchain(tmp_path, "ocamlc", "-c", "main.ml")
    assert (err["file"], err["line"], err["category"]) == ("main.ml", 2, "reference")
    assert err["message"] == "Unbound value totl"


@needs("gfortran")
def test_gfortran_an_undeclared_variable_is_found_at_its_line(tmp_path: Path) -> None:
    source = "program main\n  implicit none\n  integer :: x\n  x = y + 1\nend program main\n"
    (tmp_path / "main.f90").write_text(source)
    err = toolchain(tmp_path, "gfortran", "-c", "main.f90", "-o", os.devnull)
    assert (err["file"], err["line"], err["category"]) == ("main.f90", 4, "reference")


@needs("nim")
def test_nim_an_undeclared_identifier_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "cart.nim").write_text("proc total(): int = 1\necho totl()\n")
    err = toolchain(tmp_path, "nim", "check", "--hints:off", "cart.nim")
    assert (err["file"], err["line"], err["category"]) == ("cart.nim", 2, "reference")
    assert err["message"] == "undeclared identifier: 'totl'"


@needs("ctest")
def test_ctest_a_failing_test_is_one_error_with_what_it_printed(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\nproject(demo NONE)\nenable_testing()\n"
        "add_test(NAME unit_parse COMMAND sh -c \"echo 'expected 3, got 4'; exit 1\")\n"
    )
    build = tmp_path / "build"
    subprocess.run(
        ["cmake", "-S", ".", "-B", str(build)], cwd=tmp_path, check=True, capture_output=True
    )
    done = errlearn(build, "--json", "report.json", "--", "ctest", "--output-on-failure")
    assert done.returncode != 0
    [err] = json.loads((build / "report.json").read_text())["errors"]
    assert (err["test"], err["category"], err["message"]) == (
        "unit_parse",
        "assertion",
        "expected 3, got 4",
    )


@needs("ldc2")
def test_ldc2_an_undefined_identifier_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "app.d").write_text("int total() { return 1; }\nvoid main() { auto x = totl; }\n")
    err = toolchain(tmp_path, "ldc2", "-o-", "app.d")
    assert (err["file"], err["line"], err["category"]) == ("app.d", 2, "reference")


@needs("crystal")
def test_crystal_an_undefined_name_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "cart.cr").write_text("def total\n  1\nend\nputs totl\n")
    err = toolchain(tmp_path, "crystal", "build", "--no-codegen", "cart.cr")
    assert (err["file"], err["line"], err["category"]) == ("cart.cr", 4, "reference")


@needs("fpc")
def test_fpc_an_unknown_identifier_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "cart.pas").write_text("program cart;\nvar x: integer;\nbegin x := totl;\nend.\n")
    err = toolchain(tmp_path, "fpc", "cart.pas")
    assert (err["file"], err["line"], err["category"]) == ("cart.pas", 3, "reference")


@needs("go")
def test_go_test_race_a_data_race_is_found_at_the_racing_line(tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module example.com/cart\n\ngo 1.19\n")
    (tmp_path / "cart.go").write_text(
        "package cart\n\ntype Cart struct{ n int }\n\nfunc (c *Cart) Add() { c.n++ }\n"
    )
    (tmp_path / "cart_test.go").write_text(
        'package cart\n\nimport (\n\t"sync"\n\t"testing"\n)\n\n'
        "func TestConcurrent(t *testing.T) {\n\tc := &Cart{}\n\tvar wg sync.WaitGroup\n"
        "\tfor i := 0; i < 2; i++ {\n\t\twg.Add(1)\n\t\tgo func() { defer wg.Done(); c.Add() }()\n"
        "\t}\n\twg.Wait()\n}\n"
    )
    err = toolchain(tmp_path, "go", "test", "-race", "./...")
    assert (err["file"], err["line"], err["category"]) == ("cart.go", 5, "runtime")


@needs("tclsh")
def test_tclsh_an_unknown_variable_is_found_at_the_script_s_line(tmp_path: Path) -> None:
    (tmp_path / "cart.tcl").write_text(
        "proc total {items} {\n    return $totl\n}\nputs [total {1 2 3}]\n"
    )
    err = toolchain(tmp_path, "tclsh", "cart.tcl")
    assert (err["file"], err["line"], err["category"]) == ("cart.tcl", 4, "reference")
    assert err["message"] == 'can\'t read "totl": no such variable'


@needs("g++")
@pytest.mark.skipif(not Path("/usr/include/glog/logging.h").exists(), reason="no glog headers")
def test_glog_a_failed_check_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "calc.cc").write_text(
        "#include <glog/logging.h>\nint total(int a, int b) { return a + b - 1; }\n"
        "int main(int argc, char** argv) {\n  google::InitGoogleLogging(argv[0]);\n"
        "  FLAGS_logtostderr = 1;\n  CHECK_EQ(total(2, 2), 4);\n}\n"
    )
    subprocess.run(["g++", "calc.cc", "-lglog", "-o", "calc"], cwd=tmp_path, check=True)
    err = toolchain(tmp_path, "./calc")
    assert (err["file"], err["line"], err["category"]) == ("calc.cc", 6, "assertion")


@needs("cucumber")
def test_cucumber_a_failing_step_is_found_at_the_step_code_that_raised(tmp_path: Path) -> None:
    steps = tmp_path / "features" / "step_definitions"
    steps.mkdir(parents=True)
    (tmp_path / "features" / "calc.feature").write_text(
        "Feature: Calculator\n  Scenario: Dividing\n    When I divide 1 by 0\n"
    )
    (steps / "calc_steps.rb").write_text("When(/^I divide 1 by 0$/) do\n  @r = 1 / 0\nend\n")
    err = toolchain(tmp_path, "cucumber", "--no-color")
    assert (err["file"], err["line"], err["test"]) == (
        "features/step_definitions/calc_steps.rb",
        2,
        "Dividing",
    )
    assert err["message"] == "ZeroDivisionError: divided by 0"


@needs("gcc")
def test_asan_a_use_after_free_is_found_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "uaf.c").write_text(
        "#include <stdlib.h>\nint main(void) {\n  int *p = malloc(8);\n  free(p);\n"
        "  return p[1];\n}\n"
    )
    built = subprocess.run(
        ["gcc", "-g", "-fsanitize=address", "uaf.c", "-o", "uaf"], cwd=tmp_path, check=False
    )
    if built.returncode != 0:
        pytest.skip("gcc cannot build with AddressSanitizer here")
    err = toolchain(tmp_path, "./uaf")
    assert (err["file"], err["line"], err["category"]) == ("uaf.c", 5, "runtime")
    assert err["message"] == "AddressSanitizer: heap-use-after-free"


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None, reason="ruff is not installed")
@pytest.mark.parametrize("layout", ["concise", "grouped", "pylint", "full"])
def test_ruff_every_rule_is_ruff_s_error_in_any_of_its_layouts(tmp_path: Path, layout: str) -> None:
    (tmp_path / "r.py").write_text("import sys\nimport os\n\nprint(undefined_name)\n")
    ruff = (sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--select", "E,F,I")
    errlearn(tmp_path, "--json", "report.json", "--", *ruff, "--output-format", layout, "r.py")
    report = json.loads((tmp_path / "report.json").read_text())
    found = sorted((e["tool"], e["line"], e["code"]) for e in report["errors"])
    assert found == [
        ("ruff", 1, "F401"),
        ("ruff", 1, "I001"),
        ("ruff", 2, "F401"),
        ("ruff", 4, "F821"),
    ]
    assert report["warnings"] == []
