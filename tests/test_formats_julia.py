"""Julia: the Test stdlib's failures, the errors Julia raises with their stacks,
what Pkg says, and the logging macros' boxes. The layouts are those of Julia's
Test and Pkg (1.8 as GitHub Actions shows it; 0.5 as Travis did)."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# `Pkg.test()` on Julia 1.8: a failure in a testset, an error outside a @test.
TESTS = """
     Testing Running tests...
totals: Test Failed at /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:12
  Expression: total([1, 2]) == 4
   Evaluated: 3 == 4

Stacktrace:
 [1] macro expansion
   @ /opt/julia/share/julia/stdlib/v1.8/Test/src/Test.jl:464 [inlined]
 [2] macro expansion
   @ /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:12 [inlined]
taxes: Error During Test at /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:15
  Got exception outside of a @test
  UndefVarError: rate not defined
  Stacktrace:
   [1] tax(x::Int64)
     @ Cart /home/runner/work/Cart.jl/Cart.jl/src/Cart.jl:9
Test Summary: | Pass  Fail  Error  Total  Time
totals        |    1     1             2  0.9s
taxes         |                 1      1  0.1s
ERROR: LoadError: Some tests did not pass: 1 passed, 1 failed, 1 errored, 0 broken.
in expression starting at /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:10
ERROR: Package Cart errored during testing
Stacktrace:
 [1] pkgerror(msg::String)
   @ Pkg.Types /opt/julia/share/julia/stdlib/v1.8/Pkg/src/Types.jl:67
"""

# Julia 0.5 on Travis: the frames as " in f() at file:line", the file last.
OLD = """
INFO: Testing Crispulator
ERROR: LoadError: UndefVarError: output_file not defined
 in bootstrap_exp(::String, ::Int64) at /home/travis/.julia/v0.5/Crispulator/src/commands.jl:31
 in include_from_node1(::String) at ./loading.jl:488
 in process_options(::Base.JLOptions) at ./client.jl:265
while loading /home/travis/.julia/v0.5/Crispulator/test/t.jl, in expression starting on line 34
ERROR: Crispulator had test errors
"""


def test_a_failed_test_is_at_its_place_with_what_it_evaluated() -> None:
    failed, threw = scan(TESTS).errors
    assert (failed.file, failed.line, failed.test, failed.category, failed.tool) == (
        "/home/runner/work/Cart.jl/Cart.jl/test/runtests.jl",
        12,
        "totals",
        "assertion",
        "julia",
    )
    assert failed.message == "Expression: total([1, 2]) == 4 Evaluated: 3 == 4"
    assert failed.span == (2, 10)  # its stack too, past the blank line
    assert (threw.message, threw.category, threw.line) == (
        "UndefVarError: rate not defined",
        "reference",
        15,
    )


def test_what_pkg_says_after_the_failures_only_follows_from_them() -> None:
    report = scan(TESTS)
    assert all(err.tool == "julia" and "did not pass" not in err.message for err in report.errors)
    assert report.primary.message.startswith("Expression:")


def test_an_error_is_at_the_innermost_frame_of_the_users_code() -> None:
    [err] = scan(OLD).errors
    assert (err.message, err.category) == ("UndefVarError: output_file not defined", "reference")
    assert (err.file, err.line) == ("/home/travis/.julia/v0.5/Crispulator/src/commands.jl", 31)


def test_without_a_frame_of_its_own_it_is_where_the_expression_started() -> None:
    [err] = scan(
        """
        ERROR: LoadError: MethodError: no method matching area(::String)
        Closest candidates are:
          area(!Matched::Circle) at /opt/julia/share/julia/base/shapes.jl:12
        Stacktrace:
         [1] top-level scope
           @ ./client.jl:476
        in expression starting at /home/runner/work/S.jl/S.jl/test/runtests.jl:6
        """
    ).errors
    assert (err.file, err.line, err.category) == (
        "/home/runner/work/S.jl/S.jl/test/runtests.jl",
        6,
        "type",
    )


def test_a_package_pkg_cannot_resolve_is_a_dependency_not_placed_in_pkg() -> None:
    [err] = scan(
        """
        ERROR: Unsatisfiable requirements detected for package DataFrames [a93c6f00]:
         DataFrames [a93c6f00] log:
         └─restricted to versions 2 by project [7aa1e8b4] — no versions left
        Stacktrace:
          [1] propagate_constraints!(graph::Pkg.Resolve.Graph)
            @ Pkg.Resolve /opt/julia/share/julia/stdlib/v1.8/Pkg/src/Resolve/graphtype.jl:1070
        """
    ).errors
    assert (err.category, err.file) == ("dependency", None)
    assert err.span == (1, 6)


def test_a_deprecation_box_is_a_warning_and_the_failure_under_timestamps_is_read_whole() -> None:
    stamp = "2023-03-22T10:01:09.0000000Z "
    lines = [
        "┌ Warning: `vendor()` is deprecated, use `platform_key_abi()` instead.",
        "│   caller = top-level scope at runtests.jl:3",
        "└ @ Core /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:3",
        "Test Failed at /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:12",
        "  Expression: total([1, 2]) == 4",
        "   Evaluated: 3 == 4",
    ]
    report = scan("".join(f"{stamp}{line}\n" for line in lines))
    [warning] = report.warnings
    assert (warning.line, warning.span) == (3, (1, 3))
    [err] = report.errors
    assert err.message == "Expression: total([1, 2]) == 4 Evaluated: 3 == 4"


def test_a_packages_own_error_box_is_not_placed_in_the_package() -> None:
    [err] = scan(
        """
        ┌ Error: doctest failure in src/index.md:12-17
        │ Evaluated output:
        └ @ Documenter.DocTests ~/.julia/packages/Documenter/bYYzK/src/DocTests.jl:391
        """
    ).errors
    assert (err.message, err.file) == ("doctest failure in src/index.md:12-17", None)


def test_julia_is_known_by_its_command() -> None:
    assert tool_from_command("julia --project -e 'using Pkg; Pkg.test()'") == "julia"


def test_a_parse_error_is_at_the_place_under_it_with_the_parsers_words() -> None:
    [err] = scan(
        """
        ERROR: LoadError: ParseError:
        # Error @ /home/runner/work/Cart.jl/Cart.jl/src/Cart.jl:3:15
        function total(xs
        #             └ ── Expected `)`
        Stacktrace:
         [1] top-level scope
           @ /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:1
        in expression starting at /home/runner/work/Cart.jl/Cart.jl/src/Cart.jl:3
        """
    ).errors
    assert (err.message, err.category) == ("ParseError: Expected `)`", "syntax")
    assert (err.line, err.column, err.span) == (3, 15, (1, 8))


def test_failures_listed_again_under_their_testset_s_name_are_that_testset_s() -> None:
    # Test's print_test_errors, as ConvexTests.jl's report quotes it
    failed, threw = scan(
        """
        Error in testset sdp_constraints:
        Test Failed at /home/runner/work/Conic.jl/Conic.jl/test/sdp.jl:68
          Expression: ≈(p.optval, 1, atol = atol, rtol = rtol)
           Evaluated: Inf ≈ 1 (atol=0.001, rtol=0.0)

        Error in testset affine_diagonal:
        Error During Test at /home/runner/work/Conic.jl/Conic.jl/test/affine.jl:31
          Got exception outside of a @test
          ArgumentError: matrix contains Infs or NaNs
        """
    ).errors
    assert (failed.test, failed.line, threw.test, threw.line) == (
        "sdp_constraints",
        68,
        "affine_diagonal",
        31,
    )
