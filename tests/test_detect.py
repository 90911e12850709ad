"""The detector on the outputs it exists for: what it finds, where it points, what it folds."""

from __future__ import annotations

import re
import textwrap

import pytest

from pytest_errlearn.detect import Detector, detect, tool_from_command
from pytest_errlearn.detect.text import ANSI_BYTES, strip_colour
from pytest_errlearn.report import Report


def scan(text: str, tool: str | None = None) -> Report:
    return detect(textwrap.dedent(text).lstrip("\n").encode(), tool)


def test_a_python_traceback_points_at_the_innermost_frame_in_user_code() -> None:
    report = scan(
        """
        Traceback (most recent call last):
          File "/app/main.py", line 10, in <module>
            run()
          File "/app/service.py", line 4, in run
            json.loads(text)
          File "/usr/lib/python3.11/json/__init__.py", line 346, in loads
            return _default_decoder.decode(s)
        json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("/app/service.py", 4)
    assert err.message == "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)"
    assert err.span == (1, 8)


def test_a_chained_traceback_is_one_error_at_its_root_cause_the_first_exception() -> None:
    report = scan(
        """
        Traceback (most recent call last):
          File "app.py", line 2, in <module>
            int("x")
        ValueError: invalid literal for int() with base 10: 'x'

        During handling of the above exception, another exception occurred:

        Traceback (most recent call last):
          File "app.py", line 4, in <module>
            raise RuntimeError("bad config")
        RuntimeError: bad config
        """
    )
    (err,) = report.errors
    assert err.message == "ValueError: invalid literal for int() with base 10: 'x'"
    assert (err.file, err.line, err.span) == ("app.py", 2, (1, 11))


def test_pytest_failures_carry_their_test_and_location_and_the_summary_is_folded() -> None:
    report = scan(
        """
        ___________________________________ test_add ___________________________________

            def test_add():
        >       assert add(1, 2) == 4
        E       assert 3 == 4

        tests/test_math.py:7: AssertionError
        =========================== short test summary info ============================
        FAILED tests/test_math.py::test_add - assert 3 == 4
        ============================== 1 failed in 0.02s ===============================
        """
    )
    (err,) = report.errors
    assert err.message == "AssertionError: assert 3 == 4"
    assert (err.file, err.line, err.test) == ("tests/test_math.py", 7, "test_add")
    assert err.category == "assertion"
    assert err.related == [(9, 9)]


def test_rustc_errors_take_their_location_from_the_arrow_line_and_warnings_stay_warnings() -> None:
    report = scan(
        """
        warning: unused variable: `error`
         --> src/main.rs:2:9
          |
        2 |     let error = 5;
          |         ^^^^^

        error[E0425]: cannot find value `totl` in this scope
         --> src/main.rs:3:20
          |
        3 |     println!("{}", totl);
          |                    ^^^^ help: a local variable with a similar name exists: `total`

        error: could not compile `demo` (bin "demo") due to 1 previous error
        """
    )
    (err,) = report.errors
    assert (err.tool, err.code) == ("cargo", "E0425")
    assert (err.file, err.line, err.column) == ("src/main.rs", 3, 20)
    assert err.category == "reference" and err.actionability == 100
    assert [w.message for w in report.warnings] == ["unused variable: `error`"]


def test_a_rust_lint_s_name_from_its_notes_is_its_code() -> None:
    report = scan(
        """
        error: unused variable: `x`
         --> src/main.rs:2:9
          |
        2 |     let x = 5;
          |         ^ help: if this is intentional, prefix it with an underscore: `_x`
          |
          = note: `-D unused-variables` implied by `-D warnings`
          = help: to override `-D warnings` add `#[allow(unused_variables)]`

        warning: function `helper` is never used
         --> src/lib.rs:7:4
          |
        7 | fn helper() {}
          |    ^^^^^^
          |
          = note: `#[warn(dead_code)]` on by default

        error: length comparison to zero
         --> src/main.rs:3:39
          |
          = help: for further information visit https://rust-lang.github.io/rust-clippy/index.html
          = note: `-D clippy::len-zero` implied by `-D warnings`
        """
    )
    assert [e.code for e in report.errors] == ["unused_variables", "clippy::len_zero"]
    assert [w.code for w in report.warnings] == ["dead_code"]


def test_the_option_behind_a_gcc_or_clang_diagnostic_is_its_code() -> None:
    report = scan(
        """
        w.c:1:20: error: unused variable 'unused' [-Werror=unused-variable]
            1 | int f(int x) { int unused; return x; }
              |                    ^~~~~~
        cc1: all warnings being treated as errors
        m.c:4:9: error: unused variable 'n' [-Werror,-Wunused-variable]
        p.cpp:2:12: error: invalid conversion from 'int' to 'int*' [-fpermissive]
        u.c:3:7: warning: unused variable 'x' [-Wunused-variable]
        """
    )
    found = [(e.code, e.message) for e in report.errors]
    assert found == [
        ("-Wunused-variable", "unused variable 'unused'"),
        ("-Wunused-variable", "unused variable 'n'"),
        ("-fpermissive", "invalid conversion from 'int' to 'int*'"),
    ]
    assert [(w.code, w.message) for w in report.warnings] == [
        ("-Wunused-variable", "unused variable 'x'")
    ]


def test_the_linker_line_after_a_compile_error_is_folded_into_it() -> None:
    report = scan(
        """
        main.c:(.text+0x15): undefined reference to `compute'
        collect2: error: ld returned 1 exit status
        make: *** [Makefile:4: app] Error 1
        """
    )
    (err,) = report.errors
    assert err.message == "undefined reference to `compute'"
    assert err.related == [(2, 3)]
    assert report.summary()["primary"] == 0


def test_a_failure_line_with_nothing_before_it_points_at_the_output_above() -> None:
    report = scan(
        """
        > site@1.0.0 lint
        > node scripts/check-links.js

        README.md links to a page that is gone: docs/setup.html
        README.md links to a page that is gone: docs/faq.html
        npm ERR! code ELIFECYCLE
        npm ERR! errno 1
        """
    )
    (err,) = report.errors
    assert err.kind == "preceding-output"
    assert err.span == (4, 5)


def test_go_test_failures_use_the_t_errorf_line() -> None:
    report = scan(
        """
        === RUN   TestAdd
            math_test.go:12: Add(1, 2) = 4, want 3
        --- FAIL: TestAdd (0.00s)
            math_test.go:12: Add(1, 2) = 4, want 3
        FAIL
        FAIL    example.com/math    0.002s
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.test) == ("math_test.go", 12, "TestAdd")
    assert err.message == "Add(1, 2) = 4, want 3"


def test_a_java_exception_points_at_the_first_frame_outside_the_jdk() -> None:
    report = scan(
        'Exception in thread "main" java.lang.NullPointerException: name\n'
        "\tat java.base/java.util.Objects.requireNonNull(Objects.java:233)\n"
        "\tat com.acme.App.greet(App.java:14)\n"
        "\tat com.acme.App.main(App.java:5)\n"
    )
    (err,) = report.errors
    assert (err.file, err.line, err.tool) == ("App.java", 14, "java")


def test_a_thrown_plain_error_points_at_the_user_frame_and_is_not_classed_by_its_frames() -> None:
    report = scan(
        "/app/src/main.js:3\n"
        "  throw new Error('boom');\n"
        "  ^\n"
        "\n"
        "Error: boom\n"
        "    at start (/app/src/main.js:3:9)\n"
        "    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n"
        "    at Module.load (node:internal/modules/cjs/loader:1266:32)\n"
    )
    err = report.primary
    assert err is not None
    assert (err.file, err.line, err.column, err.message) == ("/app/src/main.js", 3, 9, "boom")
    assert err.category == "runtime"  # not "build", for the frame's Module._compile


def test_node_s_require_stack_stays_in_the_error_so_its_frames_are_read() -> None:
    report = scan(
        "Error: Cannot find module './nope'\n"
        "Require stack:\n"
        "- /app/index.js\n"
        "    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)\n"
        "    at Object.<anonymous> (/app/index.js:1:11)\n"
        "  code: 'MODULE_NOT_FOUND',\n"
        "}\n"
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("/app/index.js", 1, "dependency")
    assert err.span == (1, 6)


def test_json_fields_zero_counts_and_passing_tests_are_not_errors() -> None:
    report = scan(
        """
        {"error": null, "error_count": 0}
          "error": null,
        test_error_handling PASSED
        Tests: 0 failed, 12 passed
        ok      example.com/errors      0.01s
        Compiled with 0 errors
        """
    )
    assert report.errors == []


def test_a_source_line_quoted_in_a_code_frame_is_not_an_error() -> None:
    report = scan(
        """
        src/a.ts:3:7 - error TS2322: Type 'string' is not assignable to type 'number'.

        3 const x: number = "error: not really";
                ~
        """
    )
    assert len(report.errors) == 1 and report.errors[0].code == "TS2322"


def test_lines_are_counted_on_newlines_only_so_progress_bars_stay_in_their_line() -> None:
    data = b"step 1\rstep 2\rstep 3\r\nok\r\nsrc/a.c:3:5: error: 'x' undeclared\r\n"
    (err,) = detect(data).errors
    assert err.span == (3, 3) and err.text == "src/a.c:3:5: error: 'x' undeclared"


def test_ansi_colours_are_removed_from_what_is_analysed() -> None:
    data = b"\x1b[1m\x1b[31merror\x1b[0m\x1b[1m: cannot find -lssl\x1b[0m\n"
    (err,) = detect(data).errors
    assert err.text == "error: cannot find -lssl" and "\x1b" not in err.message


def test_colour_codes_that_lost_their_esc_are_removed_too() -> None:
    data = b"[0m[31m     Error: connect ECONNREFUSED 127.0.0.1:5432[0m\n"
    (err,) = detect(data).errors
    assert err.text == "     Error: connect ECONNREFUSED 127.0.0.1:5432"


@pytest.mark.parametrize("esc", [b"", b"\x1b[32mok\x1b[0m [0m as sent\n"])
def test_each_line_of_a_chunk_loses_the_codes_that_lost_their_esc_on_its_own(esc: bytes) -> None:
    raw = b"[0m[31mError: a[0m\n" + esc + b"a [1m bold, no reset\n[0m\x00[33mwarn[0m"
    clean = b"Error: a\n" + (b"ok [0m as sent\n" if esc else b"") + b"a [1m bold, no reset\nwarn"
    assert strip_colour(raw) == clean


def test_a_bare_colour_code_is_text_where_the_colours_kept_their_esc() -> None:
    data = b'\x1b[31merror\x1b[0m: bad escape in "\\033[33;1m" (see [0m)\n'
    (err,) = detect(data).errors
    assert err.text == 'error: bad escape in "\\033[33;1m" (see [0m)'


@pytest.mark.parametrize(
    "raw",
    [
        b"\x1b[1m\x1b[38;5;9merror[E0425]\x1b[0m\x1b[1m: cannot find\x1b[0m\n",
        b"\x1b]0;title\x07\x1b[?25l\x1b(B\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ ok\n",
        b"\x1b[0K\x1b[33;1m$ make\x1b[0m\x1b[\x1b[1;2\n",  # the last two never finish
        b"\x1b\x1b\x1b[[31mtext\x1b[",
    ],
)
def test_colour_runs_are_stripped_as_one_sequence_at_a_time_would_strip_them(raw: bytes) -> None:
    one_at_a_time = re.compile(
        rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)|[@-Z\\-_])"
    )
    assert ANSI_BYTES.sub(b"", raw) == one_at_a_time.sub(b"", raw)


def test_streaming_in_tiny_pieces_gives_the_same_report_as_one_buffer() -> None:
    data = b"".join(
        [
            b"noise line\n" * 50,
            b"Traceback (most recent call last):\n",
            b'  File "x.py", line 1, in <module>\n',
            b"KeyError: 'a'\n",
            b"tail\n" * 5,
        ]
    )
    detector = Detector()
    for i in range(0, len(data), 7):
        detector.feed(data[i : i + 7])
    streamed = detector.close()
    assert streamed.to_dict() == detect(data).to_dict()


def test_the_same_error_twice_is_one_error_counted_twice() -> None:
    report = scan(
        """
        ERROR: Could not find a version that satisfies the requirement nope==9
        ERROR: Could not find a version that satisfies the requirement nope==9
        """
    )
    (err,) = report.errors
    assert err.count == 2 and err.related == [(2, 2)]


def test_the_same_message_of_two_files_of_one_name_is_two_errors() -> None:
    report = detect(
        b"would reformat src/shop/models.py\nwould reformat src/blog/models.py\n",
        command="black --check .",
    )
    assert [(e.file, e.count) for e in report.errors] == [
        ("src/shop/models.py", 1),
        ("src/blog/models.py", 1),
    ]


def test_the_signature_ignores_paths_numbers_and_addresses() -> None:
    one = scan(
        'Traceback (most recent call last):\n  File "/home/a/x.py", line 3, in f\n'
        "ValueError: bad value at 0x7f3a12 after 30s\n"
    )
    two = scan(
        'Traceback (most recent call last):\n  File "/ci/b/x.py", line 9, in f\n'
        "ValueError: bad value at 0x55aa00 after 12s\n"
    )
    assert one.errors[0].signature == two.errors[0].signature


def test_the_tool_is_recognised_from_the_command_line() -> None:
    assert tool_from_command("npm test") == "npm"
    assert tool_from_command(["python3", "-m", "pytest", "-x"]) == "pytest"
    assert tool_from_command("FOO=1 sudo cargo build") == "cargo"
    assert tool_from_command('sh -c "make -k all"') == "make"
    assert tool_from_command("./gradlew test") == "gradle"
    assert tool_from_command("uv run pytest -q") == "pytest"
    assert tool_from_command("pnpm exec tsc --noEmit") == "tsc"
    assert tool_from_command("gcc-12 -c a.c") == "gcc"
    assert tool_from_command("ls -la") is None


def test_an_exception_group_is_named_by_the_group_and_points_into_user_code() -> None:
    report = scan(
        """
          + Exception Group Traceback (most recent call last):
          |   File "/app/jobs.py", line 3, in <module>
          |     run_all()
          |   File "/app/jobs.py", line 2, in run_all
          |     raise ExceptionGroup("many", [ValueError("a"), TypeError("b")])
          | ExceptionGroup: many (2 sub-exceptions)
          +-+---------------- 1 ----------------
            | ValueError: a
            +------------------------------------
        """
    )
    (err,) = report.errors
    assert err.message == "ExceptionGroup: many (2 sub-exceptions)"
    assert (err.file, err.line, err.span) == ("/app/jobs.py", 2, (1, 9))


def test_past_the_limit_of_errors_kept_a_failure_line_still_folds_into_the_error_it_follows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only the error is counted as dropped: ``make``'s line after it is its consequence."""
    from pytest_errlearn.detect import engine

    monkeypatch.setattr(engine, "MAX_KEPT", 1)
    filler = b"".join(b"compiling module %d\n" % i for i in range(300))
    data = (
        b"src/a.c:3:5: error: 'x' undeclared\n"
        + filler
        + b"src/b.c:9:1: error: expected ';' before '}' token\n"
        + b"make: *** [Makefile:3: all] Error 1\n"
    )
    detector = Detector()
    detector.feed(data)
    report = detector.close()
    assert [e.file for e in report.errors] == ["src/a.c"]
    assert detector.dropped == 1


def test_where_a_trace_points_is_remembered_for_short_traces_only() -> None:
    """CI logs repeat their traces; a long one is worked out each time, so the
    memory holds 512 short ones at most (found by a review: it held whole
    traces, 120 MB)."""
    from pytest_errlearn.detect import frames

    frames._located.cache_clear()
    short = ['  File "app/a.py", line 3, in f', "    f()"]
    long = [*short, "    # " + "x" * frames.LOCATED_TEXT]
    for _ in range(3):
        assert frames.located(short) == frames.located(long) == ("app/a.py", 3, None, True)
    info = frames._located.cache_info()
    assert (info.hits, info.currsize) == (2, 1)


STAMPED_LOGS = {
    "googletest": (  # the test is named above its failure (a row's fixup reads it)
        "[ RUN      ] CartTest.Total\n"
        "cart_test.cc:14: Failure\n"
        "Expected equality of these values:\n"
        "  total(items)\n"
        "    Which is: 3\n"
        "  4\n"
        "[  FAILED  ] CartTest.Total (0 ms)\n",
        ("Expected equality of these values: total(items) Which is: 3 4", "cart_test.cc", 14),
    ),
    "eslint": (  # an indented problem under its file (the row wants the indentation)
        "/home/u/app/src/cart.js\n"
        "  3:7  error  'totl' is not defined  no-undef\n"
        "\n"
        "✖ 1 problem (1 error, 0 warnings)\n",
        ("'totl' is not defined", "/home/u/app/src/cart.js", 3),
    ),
}


@pytest.mark.parametrize(
    "stamp",
    [
        "2024-05-01T10:00:00.1234567Z ",
        "2024-05-01 10:00:00.123456 | ubuntu-jammy | ",  # Zuul's
        "2024-05-01 10:00:00.123 UTC [62] ",  # a server's log (PostgreSQL's default)
        "1:09:33 PM: ",  # Netlify's
        "11:09:33 PM: ",
    ],
)
@pytest.mark.parametrize("tool", STAMPED_LOGS)
def test_a_log_reads_the_same_with_ci_timestamps_before_its_lines(tool: str, stamp: str) -> None:
    log, (message, file, line) = STAMPED_LOGS[tool]
    stamped = "".join(f"{stamp}{row}" for row in log.splitlines(True))
    for text in (log, stamped):
        (err,) = detect(text.encode()).errors
        assert (err.message, err.file, err.line) == (message, file, line)
        assert err.test == ("CartTest.Total" if tool == "googletest" else None)


def test_a_traceback_printed_indented_ends_at_its_exception_line_at_the_same_indent() -> None:
    report = scan(
        """
          Scenario: Dividing             # features/calc.feature:7
            When I divide them           # features/steps/calc.py:11
              Traceback (most recent call last):
                File "/venv/lib/python3.11/site-packages/behave/matchers.py", line 105, in run
                  self.func(context, *args, **kwargs)
                File "features/steps/calc.py", line 13, in step_div
                  context.result = context.a / context.b
              ZeroDivisionError: division by zero

            Then the result should be 0  # None
        """
    )
    (err,) = report.errors
    assert (err.message, err.file, err.line) == (
        "ZeroDivisionError: division by zero",
        "features/steps/calc.py",
        13,
    )
    assert err.span == (3, 8)


def test_each_problem_under_a_heading_further_up_than_a_fixup_reads_is_in_its_file() -> None:
    problems = "".join(f"  {i}:5  error  'x{i}' is not defined  no-undef\n" for i in range(1, 61))
    data = (
        "src/big.js\n" + problems + "\nsrc/small.js\n  2:1  error  'y' is not defined  no-undef\n"
    )
    report = detect(data.encode())
    assert [e.file for e in report.errors] == ["src/big.js"] * 60 + ["src/small.js"]


def test_a_row_far_below_its_last_hit_takes_nothing_from_it() -> None:
    # PHPStan's table ends at its rule; a numbered line 40 lines below is no row of it
    table = " ------ -------\n  Line   a.php\n ------ -------\n  3      Foo\n ------ -------\n"
    data = table + "noise\n" * 45 + "  7      numbered output of something else\n"
    report = detect(data.encode())
    assert [(e.file, e.line) for e in report.errors] == [("a.php", 3)]


TRAVIS = """\
Failures:
\tFrom test_popupwin.vim:
\tCaught exception in Test_popup_beval(): Vim(call):E958: Job already finished
TEST FAILURE
make: *** [scripttests] Error 2
The command "make test" exited with 2.
$ cat asan.*
==20623==ERROR: AddressSanitizer: heap-use-after-free on address 0x607200043918
    #0 0x8a48be in popup_handle_mouse_moved /home/ci/vim/src/popupwin.c:1460
SUMMARY: AddressSanitizer: heap-use-after-free /home/ci/vim/src/popupwin.c:1460
changes detected, packing new archive
Done. Your build exited with 1.
"""


def test_what_the_steps_after_a_failed_one_print_ranks_below_its_errors() -> None:
    # Travis's after_failure printing a sanitizer's logs: the failed step holds the cause
    report = detect(TRAVIS.encode())
    assert report.primary is not None and report.primary.span == (1, 4)  # the failures listed
    sanitizer = report.errors[-1]
    assert sanitizer.message == "AddressSanitizer: heap-use-after-free" and sanitizer.file


def test_travis_last_line_is_no_error_of_its_own() -> None:
    report = detect(TRAVIS.encode())
    assert all("Done. Your build" not in e.message for e in report.errors)
    alone = detect(b"$ ./run.sh\nsomething went wrong here\nDone. Your build exited with 1.\n")
    assert [e.message for e in alone.errors] == ["something went wrong here"]


def test_an_exception_that_ends_at_its_colon_takes_its_message_from_the_next_line() -> None:
    report = scan(
        """
        Building DAG of jobs...
        MissingRuleException:
        No rule to produce results/summary.txt (if you use input functions make sure ...).
        """
    )
    [err] = report.errors
    assert err.message.startswith("MissingRuleException: No rule to produce results/summary")
    assert err.span == (2, 3)


def test_a_line_under_an_exception_s_colon_that_is_an_error_of_its_own_stays_one() -> None:
    report = scan("ConfigurationError:\nsrc/rules.py:3:1: error: unexpected indent\n")
    assert [e.message for e in report.errors][-1] == "unexpected indent"
