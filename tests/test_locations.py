"""Issue 30, section 2: each error's file as the repository names it, once, in the
engine (``detect/locate.py``). The outputs are real (go 1.19, CMake 3.25, gcc 12
and GNU ld, GNU make 4.3, cargo 1.x, Maven 3.8 with surefire 3.2.5), run in
projects laid out as the ``project`` fixture lays them out again; ``{root}``
stands for the project's folder where the tool printed it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pytest_errlearn.detect import detect
from pytest_errlearn.detect.locate import command_dirs
from pytest_errlearn.report import Report


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty repository (a ``.git`` folder at its root), the working directory."""
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    return tmp_path


def files(root: Path, *paths: str) -> None:
    for path in paths:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("")


def run(output: str, root: Path, command: str | None = None) -> Report:
    return detect(output.replace("{root}", str(root)).encode(), command=command)


def located(report: Report) -> list[tuple[str | None, int | None]]:
    return [(e.file, e.line) for e in report.errors]


# ``go test ./...`` in module example.com/m, a failing test in two packages
# whose test files share a name.
GO_TEST = """\
--- FAIL: TestAdd (0.00s)
    calc_test.go:8: Add(2, 3) = -1, want 5
FAIL
FAIL\texample.com/m/calc\t0.004s
--- FAIL: TestArea (0.00s)
    calc_test.go:7: Area(2, 3) = 5, want 6
FAIL
FAIL\texample.com/m/geo\t0.005s
FAIL
"""


def test_a_go_test_failure_is_located_in_its_package_folder(project: Path) -> None:
    files(project, "calc/calc_test.go", "geo/calc_test.go")
    (project / "go.mod").write_text("module example.com/m\n\ngo 1.19\n")
    report = run(GO_TEST, project, "go test ./...")
    assert located(report) == [("calc/calc_test.go", 8), ("geo/calc_test.go", 7)]


def test_a_go_test_json_failure_is_located_by_its_events_package(project: Path) -> None:
    files(project, "svc/calc/calc_test.go", "svc/geo/calc_test.go")
    (project / "svc/go.mod").write_text("module example.com/m\n")
    event = '{"Time":"2026-11-26T23:23:02.85Z","Action":"output","Package":"example.com/m/%s",'
    output = "\n".join(
        (
            event % "geo" + '"Test":"TestArea","Output":"=== RUN   TestArea\\n"}',
            event % "geo"
            + '"Test":"TestArea","Output":"    calc_test.go:7: Area(2, 3) = 5, want 6\\n"}',
            event % "geo" + '"Test":"TestArea","Output":"--- FAIL: TestArea (0.00s)\\n"}',
        )
    )
    report = run(output, project, "cd svc && go test -json ./...")
    assert located(report) == [("svc/geo/calc_test.go", 7)]


CMAKE_VULKAN = """\
-- Detecting C compile features - done
CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):
  Could NOT find Vulkan (missing: Vulkan_LIBRARY Vulkan_INCLUDE_DIR) (found
  version "")
Call Stack (most recent call first):
  /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:600 (_FPHSA_FAILURE_MESSAGE)
  /usr/share/cmake-3.25/Modules/FindVulkan.cmake:597 (find_package_handle_standard_args)
  CMakeLists.txt:4 (find_package)


-- Configuring incomplete, errors occurred!
See also "{root}/build/CMakeFiles/CMakeOutput.log".
"""


def test_a_cmake_error_in_a_module_cmake_ships_is_located_at_the_projects_call(
    project: Path,
) -> None:
    files(project, "CMakeLists.txt", "build/CMakeCache.txt")
    os.chdir(project / "build")  # ``cd build && cmake ..``: the paths are the source folder's
    assert located(run(CMAKE_VULKAN, project, "cmake ..")) == [("CMakeLists.txt", 4)]


LINK_CMAKE = """\
[ 50%] Building C object CMakeFiles/app.dir/src/main.c.o
[100%] Linking C executable app
/usr/bin/ld: CMakeFiles/app.dir/src/main.c.o: in function `main':
main.c:(.text+0x5): undefined reference to `foo'
collect2: error: ld returned 1 exit status
"""


def test_a_link_error_is_located_at_the_source_of_the_object_cmake_names(project: Path) -> None:
    files(project, "src/main.c", "tools/main.c")  # the name alone says neither
    report = run(LINK_CMAKE, project, "cmake --build build")
    assert located(report) == [("src/main.c", None)]


def test_a_link_error_of_a_temporary_object_is_located_at_the_one_source_of_its_name(
    project: Path,
) -> None:
    files(project, "src/main.c", "src/util.h")
    output = "/usr/bin/ld: /tmp/ccRkeCcE.o: in function `main':\n" + LINK_CMAKE.splitlines()[3]
    assert located(run(output, project, "gcc src/main.c -o app")) == [("src/main.c", None)]


def test_a_link_error_with_debug_information_is_located_from_the_root(project: Path) -> None:
    files(project, "src/main.c")
    output = (
        "/usr/bin/ld: /tmp/ccdCKS2j.o: in function `main':\n"
        "{root}/src/main.c:4: undefined reference to `foo'\n"
        "collect2: error: ld returned 1 exit status\n"
    )
    assert located(run(output, project, "gcc -g src/main.c -o app")) == [("src/main.c", 4)]


MAVEN = """\
[ERROR] com.example.CalcTest.divides -- Time elapsed: 0.003 s <<< ERROR!
java.lang.ArithmeticException: / by zero
\tat com.example.Calc.div(Calc.java:5)
\tat com.example.CalcTest.divides(CalcTest.java:14)
\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)

"""


def test_a_maven_stack_frame_is_located_at_its_source_file(project: Path) -> None:
    files(
        project,
        "src/main/java/com/example/Calc.java",
        "src/test/java/com/example/CalcTest.java",
        "tools/src/main/java/org/other/Calc.java",  # the same name in another package
    )
    assert located(run(MAVEN, project, "mvn test")) == [("src/main/java/com/example/Calc.java", 5)]


def test_a_stack_frame_of_a_module_is_located_under_that_module(project: Path) -> None:
    files(project, "core/src/main/java/com/example/Calc.java", "core/pom.xml")
    assert located(run(MAVEN, project)) == [("core/src/main/java/com/example/Calc.java", 5)]


def test_a_folder_that_is_no_project_is_not_searched_for_a_bare_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A log scanned in a home folder or /tmp: walking it costs, and proves nothing.
    monkeypatch.chdir(tmp_path)
    files(tmp_path, "src/main.c")
    output = "/usr/bin/ld: /tmp/ccRkeCcE.o: in function `main':\n" + LINK_CMAKE.splitlines()[3]
    assert located(run(output, tmp_path)) == [("main.c", None)]


MAKE_C = """\
make -C sub
make[1]: Entering directory '{root}/sub'
gcc -c util.c -o util.o
util.c: In function \u2018f\u2019:
util.c:2:10: error: \u2018x\u2019 undeclared (first use in this function)
    2 |   return x;
      |          ^
make[1]: *** [Makefile:2: all] Error 1
make[1]: Leaving directory '{root}/sub'
make: *** [Makefile:2: all] Error 2
"""


def test_a_path_make_prints_in_the_folder_it_entered_is_rebased_onto_the_root(
    project: Path,
) -> None:
    files(project, "sub/util.c", "lib/util.c")
    assert located(run(MAKE_C, project, "make")) == [("sub/util.c", 2)]
    # Without the folder it entered, the name says neither: kept as gcc printed it.
    output = "\n".join(MAKE_C.splitlines()[3:6]) + "\n"
    assert located(run(output, project, "make")) == [("util.c", 2)]


CARGO = """\
   Compiling app v0.1.0 ({root}/crate)
error[E0308]: mismatched types
 --> src/main.rs:2:18
  |
2 |     let x: i32 = "a";
  |            ---   ^^^ expected `i32`, found `&str`

error: could not compile `app` (bin "app") due to 1 previous error
"""


def test_a_path_cargo_prints_in_a_crate_folder_is_rebased_onto_the_root(project: Path) -> None:
    files(project, "crate/src/main.rs", "src/main.rs")
    assert located(run(CARGO, project)) == [("crate/src/main.rs", 2)]


def test_a_path_cargo_prints_from_its_workspace_is_rebased_onto_the_root(project: Path) -> None:
    files(project, "ws/crates/a/src/lib.rs", "ws/Cargo.toml")
    output = CARGO.replace("app v0.1.0 ({root}/crate)", "a v0.1.0 ({root}/ws/crates/a)")
    output = output.replace("src/main.rs:2:18", "crates/a/src/lib.rs:2:18")
    assert located(run(output, project)) == [("ws/crates/a/src/lib.rs", 2)]


def test_a_cd_in_the_command_line_says_where_the_paths_start(project: Path) -> None:
    files(project, "sub/util.c", "lib/util.c")
    output = "\n".join(MAKE_C.splitlines()[3:6]) + "\n"
    report = run(output, project, "sh -c 'cd sub && gcc -c util.c -o util.o'")
    assert located(report) == [("sub/util.c", 2)]


def test_the_folders_a_command_line_runs_its_tools_in_are_read_from_it() -> None:
    assert command_dirs("sh -c 'cd crate && cargo build'") == ["crate"]
    assert command_dirs("cd a && cd b && make") == ["a/b", "a"]
    assert command_dirs("make -C sub all") == ["sub"]
    assert command_dirs("npm --prefix web test") == ["web"]
    assert command_dirs("cargo build --manifest-path=crates/x/Cargo.toml") == ["crates/x"]
    assert command_dirs("mvn -f core/pom.xml test") == ["core"]
    assert command_dirs("go -C svc test ./...") == ["svc"]
    assert command_dirs("pytest -q") == []


# testthat 3 (`Rscript -e 'testthat::test_dir("tests/testthat")'`) names a test
# file by its bare name, the file being in tests/testthat/.
TESTTHAT = """\
Failure ('test-calc.R:4'): add works
add(1, 2) not equal to 3.
1/1 mismatches
[1] 4 - 3 == 1
"""


def test_a_testthat_failure_is_located_at_the_one_file_of_its_name(project: Path) -> None:
    files(project, "tests/testthat/test-calc.R", "R/calc.R")
    assert located(run(TESTTHAT, project, "Rscript -e 'testthat::test_dir()'")) == [
        ("tests/testthat/test-calc.R", 4)
    ]
