"""Ruby's tools as they print their failures: uncaught exceptions, syntax errors,
rake, RuboCop (Bundler's: test_formats_bundler.py; the test runners':
test_formats_ruby_tests.py).

The outputs are real runs of Ruby 3.1, minitest 5.17, rake 13, Bundler 2.3 and
RuboCop 1.39 (Debian bookworm) on small projects, unless a test says where it
comes from (Ruby 3.4's quotes and prism's frames).
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.engine import detect
from pytest_errlearn.report import Report


def errors(report: Report) -> list[tuple[str | None, int | None, str]]:
    return [(e.file, e.line, e.message) for e in report.errors]


def test_an_uncaught_exception_points_at_the_innermost_frame_of_the_project() -> None:
    report = scan(
        """
        /app/lib/calc.rb:7:in `/': divided by 0 (ZeroDivisionError)
        \tfrom /app/lib/calc.rb:7:in `div'
        \tfrom app.rb:4:in `divide'
        \tfrom app.rb:7:in `<main>'
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == (
        "/app/lib/calc.rb",
        7,
        "ZeroDivisionError: divided by 0",
    )
    assert (err.tool, err.category, err.span) == ("ruby", "runtime", (1, 4))


def test_ruby_3_4_quotes_the_method_with_its_class() -> None:
    # Ruby 3.4's NEWS: "Use a single quote instead of a backtick as an opening quote"
    report = scan(
        """
        test.rb:1:in 'Foo#bar': undefined method 'foo' for an instance of Foo (NoMethodError)
        \tfrom test.rb:2:in '<main>'
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("test.rb", 1, "reference")
    assert err.message == "NoMethodError: undefined method 'foo' for an instance of Foo"


def test_error_highlight_and_did_you_mean_belong_to_the_exception() -> None:
    report = scan(
        """
        name.rb:1:in `<main>': undefined local variable or method `fo' for main:Object (NameError)

        puts fo
             ^^
        Did you mean?  for
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.span, err.category) == ("name.rb", 1, (1, 5), "reference")


def test_a_library_raising_for_the_project_points_at_the_projects_line() -> None:
    report = scan(
        """
        <internal:/usr/lib/ruby/vendor_ruby/rubygems/core_ext/kernel_require.rb>:85:in `require': cannot load such file -- nokogiri (LoadError)
        \tfrom <internal:/usr/lib/ruby/vendor_ruby/rubygems/core_ext/kernel_require.rb>:85:in `require'
        \tfrom load.rb:1:in `<main>'
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("load.rb", 1, "dependency")
    assert err.message == "LoadError: cannot load such file -- nokogiri"


def test_a_syntax_error_in_a_required_file_is_reported_in_that_file() -> None:
    report = scan(
        """
        req.rb:1:in `require_relative': /app/synlib/bad.rb:5: syntax error, unexpected end-of-input, expecting `end' (SyntaxError)
        \tfrom req.rb:1:in `<main>'
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("/app/synlib/bad.rb", 5, "syntax")
    assert err.message == "SyntaxError: syntax error, unexpected end-of-input, expecting `end'"


def test_ruby_c_reports_a_syntax_error_with_its_code_and_caret() -> None:
    report = scan(
        """
        syn.rb:5: syntax error, unexpected end-of-input, expecting `end'
        foo(1)
              ^
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category, err.span) == ("syn.rb", 5, "syntax", (1, 3))


def test_prisms_syntax_error_says_what_is_wrong_under_its_code_frame() -> None:
    # Ruby 3.4.5's `ruby -wc`, as SublimeLinter/SublimeLinter-ruby issue 24 shows it
    report = scan(
        """
        /home/u/.asdf/installs/ruby/3.4.5/bin/ruby: -:18: syntax errors found (SyntaxError)
          16 |       @secrets = secrets
          17 |       @cache   = cache
        > 18 |       @logger  = logger,,
             |                        ^ expected an element for the array
             |                        ^ unexpected ',', ignoring it
          19 |     end
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.span) == ("-", 18, (1, 7))
    assert err.message == "syntax error, expected an element for the array"


MINITEST = """
Run options: --seed 36720

# Running:

FE

Finished in 0.004380s, 456.5836 runs/s, 228.2918 assertions/s.

  1) Failure:
CalcTest#test_add [test/calc_test.rb:6]:
Expected: 3
  Actual: 2

  2) Error:
CalcTest#test_div:
ZeroDivisionError: divided by 0
    /app/lib/calc.rb:7:in `/'
    /app/lib/calc.rb:7:in `div'
    test/calc_test.rb:10:in `test_div'

2 runs, 1 assertions, 1 failures, 1 errors, 0 skips
"""


def test_rake_aborted_names_its_cause_at_the_rakefiles_line() -> None:
    report = scan(
        """
        rake aborted!
        NameError: uninitialized constant Foo

          Foo.bar
          ^^^
        /app/rk/Rakefile:2:in `block in <top (required)>'
        Tasks: TOP => x
        (See full trace by running task with --trace)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category, err.span) == (
        "/app/rk/Rakefile",
        2,
        "reference",
        (1, 8),
    )
    assert (err.tool, err.message) == ("rake", "NameError: uninitialized constant Foo")


def test_rakes_failed_command_follows_from_the_test_failure_above_it() -> None:
    report = scan(
        MINITEST + "rake aborted!\nCommand failed with status (1)\n\nTasks: TOP => test\n"
    )
    assert len(report.errors) == 2
    assert report.errors[1].related == [(21, 25)]  # the summary, rake's lines


def test_a_rake_failed_command_alone_is_no_root_cause_of_its_own() -> None:
    report = scan("rake aborted!\nCommand failed with status (1)\n\nTasks: TOP => test\n")
    assert all(e.consequence for e in report.errors)


RUBOCOP = """
Inspecting 2 files
W.

Offenses:

lib/a.rb:1:9: C: [Correctable] Layout/SpaceInsideParens: Space inside parentheses detected.
def foo( a )
        ^
lib/a.rb:2:3: W: Lint/UselessAssignment: Useless assignment to variable - x.
  x = 1
  ^
{}
2 files inspected, 2 offenses detected, 1 offense autocorrectable
"""


def test_rubocops_conventions_and_warnings_are_warnings_its_errors_errors() -> None:
    report = scan(RUBOCOP.format(""))
    assert report.errors == []
    assert [(w.file, w.line, w.code) for w in report.warnings] == [
        ("lib/a.rb", 1, "Layout/SpaceInsideParens"),
        ("lib/a.rb", 2, "Lint/UselessAssignment"),
    ]
    syntax = scan(RUBOCOP.format("lib/c.rb:9:1: E: Lint/Syntax: unexpected token $end"))
    (err,) = syntax.errors
    assert (err.file, err.line, err.column, err.code) == ("lib/c.rb", 9, 1, "Lint/Syntax")
    assert (err.message, err.category) == ("unexpected token $end", "syntax")


# `rubocop bad.rb broken.rb` (RuboCop 1.39), trimmed: conventions, a warning, a syntax error.
RUBOCOP_RUN = """\
Offenses:

bad.rb:1:9: C: [Correctable] Layout/SpaceInsideParens: Space inside parentheses detected.
def foo( x )
        ^
bad.rb:2:3: W: Lint/UselessAssignment: Useless assignment to variable - y.
  y = 1
  ^
{}
2 files inspected, 3 offenses detected, 1 offense autocorrectable
"""
RUBOCOP_SYNTAX = """\
broken.rb:1:8: E: Lint/Syntax: unexpected token tRPAREN
(Using Ruby 2.6 parser; configure using TargetRubyVersion parameter, under AllCops)
puts(1))
       ^"""


def test_a_rubocop_run_failed_of_its_conventions_alone_reports_them_all() -> None:
    report = detect(RUBOCOP_RUN.format("").encode(), command="rubocop bad.rb", failed=True)
    assert [(e.line, e.code) for e in report.errors] == [
        (1, "Layout/SpaceInsideParens"),
        (2, "Lint/UselessAssignment"),
    ]
    assert report.warnings == []


def test_rubocops_syntax_error_is_the_cause_with_its_source_under_the_parsers_note() -> None:
    report = detect(RUBOCOP_RUN.format(RUBOCOP_SYNTAX).encode(), command="rubocop", failed=True)
    (err,) = report.errors
    assert (err.file, err.line, err.code, err.category) == ("broken.rb", 1, "Lint/Syntax", "syntax")
    assert err.span == (9, 12) and report.primary_index == 0
    assert [w.code for w in report.warnings] == [
        "Layout/SpaceInsideParens",
        "Lint/UselessAssignment",
    ]


def test_fasterers_places_are_warnings_at_their_lines() -> None:
    report = scan(
        """
        app/services/report.rb:12 Hash#keys.each is slower than Hash#each_key.
        app/models/user.rb:42 Array#select.first is slower than Array#detect.

        2 files inspected, 2 offenses detected
        """
    )
    assert report.errors == []
    assert [(w.file, w.line, w.tool) for w in report.warnings] == [
        ("app/services/report.rb", 12, "fasterer"),
        ("app/models/user.rb", 42, "fasterer"),
    ]


def test_a_clean_rubocop_run_has_nothing_to_report() -> None:
    report = scan("Inspecting 1 file\n.\n\n1 file inspected, no offenses detected\n")
    assert report.errors == [] and report.warnings == []
