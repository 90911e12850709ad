"""Static analysers run as a CI step: cppcheck, include-what-you-use, scan-build,
flawfinder, Infer, SonarScanner and clang-tidy (run here where it is installed).

The outputs of cppcheck 2.10, include-what-you-use 0.19, scan-build 14 and
flawfinder 2.0.19 are real runs on a small C/C++ project (Debian bookworm's
packages); Infer's and SonarScanner's lines are in the shape their
documentation prints, with neutral names.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

# cppcheck --enable=all --error-exitcode=1 cart.c (its findings, as printed)
CPPCHECK = """
    Checking cart.c ...
    cart.c:37:7: style: Redundant initialization for 'y'. The initialized value is overwritten before it is read. [redundantInitialization]
        y = 2;
          ^
    cart.c:36:11: note: y is initialized
        int y = x;
              ^
    cart.c:37:7: note: y is overwritten
        y = 2;
          ^
    cart.c:29:9: error: Resource leak: f [resourceLeak]
            return -1;
            ^
    cart.c:10:12: warning: Uninitialized variable: sum [uninitvar]
        return sum;
               ^
    cart.c:8:23: note: Assuming condition is false
        for (int i = 0; i < n; i++)
                          ^
    nofile:0:0: information: Cppcheck cannot find all the include files (use --check-config for details) [missingIncludeSystem]
    """  # noqa: E501


def test_a_cppcheck_finding_is_cppchecks_error_with_its_check_as_the_code() -> None:
    report = scan(CPPCHECK, "cppcheck")
    assert [(e.tool, e.file, e.line, e.column, e.code) for e in report.errors] == [
        ("cppcheck", "cart.c", 37, 7, "redundantInitialization"),
        ("cppcheck", "cart.c", 29, 9, "resourceLeak"),
        ("cppcheck", "cart.c", 10, 12, "uninitvar"),
    ]
    leak = report.errors[1]
    assert leak.message == "Resource leak: f" and leak.span == (11, 13)


def test_an_error_severity_finding_is_the_root_cause_before_an_earlier_style_one() -> None:
    primary = scan(CPPCHECK, "cppcheck").primary
    assert primary is not None and primary.code == "resourceLeak"


def test_cppchecks_information_lines_are_warnings() -> None:
    (warning,) = scan(CPPCHECK, "cppcheck").warnings
    assert (warning.tool, warning.code) == ("cppcheck", "missingIncludeSystem")


def test_cppchecks_template_of_bracketed_places_reads_the_last_place_of_a_path() -> None:
    # cppcheck --template='{callstack}: ({severity}) {message}' --enable=style cart.c
    report = scan(
        """
        Checking cart.c ...
        [cart.c:29]: (error) Resource leak: f
        [cart.c:42] -> [cart.c:45]: (warning) Either the condition 'p==NULL' is redundant or there is possible null pointer dereference: p.
        [cart.c:36] -> [cart.c:37]: (style) Redundant initialization for 'y'. The initialized value is overwritten before it is read.
        """  # noqa: E501
    )
    assert [(e.tool, e.file, e.line) for e in report.errors] == [
        ("cppcheck", "cart.c", 29),
        ("cppcheck", "cart.c", 45),
        ("cppcheck", "cart.c", 37),
    ]
    assert report.errors[0].message == "Resource leak: f"


def test_cppcheck_given_no_path_it_can_open_is_a_filesystem_error() -> None:
    (err,) = scan("cppcheck: error: could not find or open any of the paths given.\n").errors
    assert (err.tool, err.category) == ("cppcheck", "filesystem")
    assert err.message == "could not find or open any of the paths given."


def test_iwyus_lines_to_add_and_to_remove_are_each_an_error_of_the_file() -> None:
    # include-what-you-use price.cpp
    report = scan(
        """
        price.cpp should add these lines:
        #include <cstddef>  // for size_t

        price.cpp should remove these lines:
        - #include <map>  // lines 3-3
        - #include <string>  // lines 2-2

        The full include-list for price.cpp:
        #include <cstddef>  // for size_t
        #include <vector>   // for vector
        ---
        """,
        "iwyu",
    )
    assert [(e.tool, e.file, e.line, e.message) for e in report.errors] == [
        ("iwyu", "price.cpp", None, "should add these lines: #include <cstddef>  // for size_t"),
        ("iwyu", "price.cpp", 3, "should remove these lines: - #include <map>  // lines 3-3"),
    ]
    assert report.errors[1].span == (4, 6)


def test_an_empty_iwyu_section_is_no_finding() -> None:
    # include-what-you-use only.cpp: nothing to add
    report = scan(
        """
        only.cpp should add these lines:

        only.cpp should remove these lines:
        - #include <map>  // lines 1-1

        The full include-list for only.cpp:
        #include <vector>  // for vector
        ---
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("only.cpp", 1)


# scan-build --status-bugs make (the analyzer's bugs, the count that fails the run)
SCAN_BUILD = """
    scan-build: Using '/usr/lib/llvm-14/bin/clang' for static analysis
    /usr/share/clang/scan-build-14/bin/../libexec/ccc-analyzer -c cart.c -o cart.o
    cart.c:37:5: warning: Value stored to 'y' is never read [deadcode.DeadStores]
        y = 2;
        ^   ~
    cart.c:45:12: warning: Dereference of null pointer (loaded from variable 'p') [core.NullDereference]
        return *p;
               ^~
    2 warnings generated.
    scan-build: Analysis run complete.
    scan-build: 2 bugs found.
    scan-build: Run 'scan-view /tmp/scan-build-2026-11-28-182712-26748-1' to examine bug reports.
    """  # noqa: E501


def test_the_bugs_scan_build_counts_are_the_errors_of_the_run() -> None:
    report = scan(SCAN_BUILD, "scan-build")
    assert [(e.file, e.line) for e in report.errors] == [("cart.c", 37), ("cart.c", 45)]
    assert report.warnings == []
    primary = report.primary
    assert primary is not None and primary.line == 37


def test_scan_builds_count_alone_is_the_error_and_no_bugs_fail_nothing() -> None:
    (err,) = scan("scan-build: Analysis run complete.\nscan-build: 3 bugs found.\n").errors
    assert err.message == "3 bugs found."
    assert scan("scan-build: No bugs found.\nscan-build: 0 bugs found.\n").errors == []


def test_a_flawfinder_hit_is_an_error_whose_message_goes_on_under_it() -> None:
    # flawfinder cart.c
    report = scan(
        """
        FINAL RESULTS:

        cart.c:16:  [4] (buffer) strcpy:
          Does not check for buffer overflows when copying to destination [MS-banned]
          (CWE-120). Consider using snprintf, strcpy_s, or strlcpy (warning: strncpy
          easily misused).
        cart.c:26:  [2] (misc) fopen:
          Check when opening files - can an attacker redirect it (via symlinks),
          force the opening of special file type (e.g., device files), move things
          around to create a race condition, control its ancestors, or change its
          contents? (CWE-362).

        ANALYSIS SUMMARY:

        Hits = 2
        """,
        "flawfinder",
    )
    assert [(e.tool, e.file, e.line, e.code) for e in report.errors] == [
        ("flawfinder", "cart.c", 16, "buffer"),
        ("flawfinder", "cart.c", 26, "misc"),
    ]
    assert report.errors[0].message.startswith(
        "strcpy: Does not check for buffer overflows when copying to destination"
    )
    assert report.errors[0].span == (3, 6)


def test_a_flawfinder_hit_on_a_single_line_is_read_the_same() -> None:
    # flawfinder -S cart.c
    (err,) = scan(
        "cart.c:26:  [2] (misc) fopen:Check when opening files - can an attacker redirect it "
        "(via symlinks), force the opening of special file type (e.g., device files), move "
        "things around to create a race condition, control its ancestors, or change its "
        "contents? (CWE-362).\n"
    ).errors
    assert (err.tool, err.line) == ("flawfinder", 26)
    assert err.message.startswith("fopen:Check when opening files")


def test_an_infer_issue_says_its_explanation_with_its_type_as_the_code() -> None:
    report = scan(
        """
        Found 2 issues

        src/cart.c:14: error: Null Dereference
          pointer `item` last assigned on line 12 could be null and is dereferenced at line 14, column 5.
          12.   Item *item = find(cart, id);
          13.
          14. >   return item->price;

        src/main/java/com/example/Calc.java:21: error: RESOURCE_LEAK
          resource of type `java.io.FileReader` acquired by call to `new()` at line 19 is not released after line 21.
        """,  # noqa: E501
        "infer",
    )
    assert [(e.tool, e.file, e.line, e.code) for e in report.errors] == [
        ("infer", "src/cart.c", 14, "Null Dereference"),
        ("infer", "src/main/java/com/example/Calc.java", 21, "RESOURCE_LEAK"),
    ]
    assert report.errors[0].message.startswith("pointer `item` last assigned on line 12")
    assert report.errors[0].span == (3, 7)


def test_a_sonarscanner_failure_says_the_reason_under_it_and_no_advice() -> None:
    report = scan(
        """
        INFO: EXECUTION FAILURE
        INFO: ------------------------------------------------------------------------
        ERROR: Error during SonarScanner execution
        ERROR: Not authorized. Please check the properties sonar.login and sonar.password.
        ERROR:
        ERROR: Re-run SonarScanner using the -X switch to enable full debug logging.
        """,
        "sonar-scanner",
    )
    (err,) = report.errors
    assert err.tool == "sonar-scanner" and err.category == "config"
    assert err.message == (
        "Not authorized. Please check the properties sonar.login and sonar.password."
    )


def test_a_failed_quality_gate_is_the_reason_sonarscanner_failed() -> None:
    (err,) = scan(
        """
        12:04:30.101 INFO  EXECUTION FAILURE
        12:04:31.208 ERROR Error during SonarScanner CLI execution
        12:04:31.209 ERROR QUALITY GATE STATUS: FAILED - View details on https://sonar.example.com/dashboard?id=shop
        """
    ).errors
    assert err.category == "assertion"
    assert err.message.startswith("QUALITY GATE STATUS: FAILED")


@pytest.mark.skipif(shutil.which("clang-tidy") is None, reason="needs clang-tidy")
def test_a_clang_tidy_check_is_clang_tidys_error_with_the_check_as_its_code(
    tmp_path: Path,
) -> None:
    source = tmp_path / "cart.cpp"
    source.write_text(
        "#include <memory>\n#include <utility>\nint total() {\n"
        "  auto p = std::make_unique<int>(1);\n  auto q = std::move(p);\n  return *p;\n}\n"
    )
    done = subprocess.run(
        [
            "clang-tidy",
            "--checks=-*,bugprone-use-after-move",
            "--warnings-as-errors=*",
            str(source),
            "--",
            "-std=c++17",
        ],
        capture_output=True,
    )
    (err,) = detect(done.stdout + done.stderr).errors
    assert (err.tool, err.code, err.line) == ("clang-tidy", "bugprone-use-after-move", 6)
    assert err.message == "'p' used after it was moved"


def test_the_static_analyzers_checker_is_the_code_of_its_finding() -> None:
    (warning,) = detect(
        b"src/list.c:76:10: warning: Access to field 'next' results in a dereference of a null"
        b" pointer (loaded from variable 'head') [core.NullDereference]\n"
        b"  return head->next;\n"
        b"         ^~~~\n"
    ).warnings
    assert (warning.code, warning.tool) == ("core.NullDereference", "gcc")
    assert warning.message.endswith("(loaded from variable 'head')")
