"""Nix: a derivation whose builder failed, read from the build's log Nix quotes,
and the evaluator's errors at their place. The layouts are Nix's, 2.3 to 2.24,
as its issues and other projects' quote them."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command


def test_a_builder_that_failed_is_the_error_its_build_s_log_names() -> None:
    report = scan(
        """
        building '/nix/store/8nfj6ba1fh0ff0pcp5lcmjd1mdsl3ddz-hello-2.12.1.drv'...
        error: builder for '/nix/store/8nfj6ba1fh0ff0pcp5lcmjd1mdsl3ddz-hello-2.12.1.drv' failed with exit code 2;
               last 10 log lines:
               > gcc -DHAVE_CONFIG_H -I.    -g -O2 -c -o hello.o hello.c
               > hello.c:4:5: error: expected ';' before 'return'
               >     4 |     return 0
               >       |     ^~~~~~
               > make: *** [Makefile:123: hello.o] Error 1
               For full logs, run 'nix log /nix/store/8nfj6ba1fh0ff0pcp5lcmjd1mdsl3ddz-hello-2.12.1.drv'.
        error: 1 dependencies of derivation '/nix/store/q3hlllyhcm1rdpnfb2hzw6kh6qlfdsdp-env.drv' failed to build
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category, err.message) == (
        "nix",
        "hello.c",
        4,
        "syntax",
        "expected ';' before 'return'",
    )
    assert err.related  # the derivation that needed it


def test_nix_2_24_s_cannot_build_and_2_3_s_bare_builder_line_are_read_the_same() -> None:
    new, old = (
        scan(text).errors
        for text in (
            """
            error: Cannot build '/nix/store/pmjy7fp4v6jjb1v06fasrzgs4sg2rvam-test.drv'.
                   Reason: builder failed with exit code 1.
                   Output paths:
                     /nix/store/3q3hxld9r4i7x4xwp5m8hn7kbln76c2r-test
                   Last 2 log lines:
                   > running tests
                   > FAIL: test_cart (exit 1)
                   For full logs, run:
                     nix log /nix/store/pmjy7fp4v6jjb1v06fasrzgs4sg2rvam-test.drv
            """,
            """
            builder for '/nix/store/l8kw9zjs1n8zb208js66bmjg2ws5yqjw-foobar.drv' failed with exit code 1; last 2 log lines:
              unpacking sources
              /nix/store/0nsb5dn203xvijyp9dzvacil0mg6n5aj-builder: line 2: cmake: command not found
            """,  # noqa: E501
        )
    )
    assert [(e.tool, e.message) for e in new] == [("nix", "FAIL: test_cart (exit 1)")]
    (err,) = old  # the build's shell said why; its builder script is no place to edit
    assert (err.category, err.message, err.file) == ("dependency", "cmake: command not found", None)


def test_an_evaluation_error_is_at_the_place_under_it() -> None:
    trace, old = (
        scan(text).errors
        for text in (
            """
            error:
                   … while evaluating the attribute 'packages.x86_64-linux.default'

                     at /nix/store/2bkmfxhzn4f2ncjq6v9ny2q6bpdhq8xg-source/flake.nix:10:7:

                        9|     {
                       10|       packages.x86_64-linux.default = pkgs.hello2;
                         |       ^

                   error: attribute 'hello2' missing

                   at /home/runner/work/app/app/flake.nix:10:39:

                        9|     {
                       10|       packages.x86_64-linux.default = pkgs.hello2;
                         |                                       ^
            """,
            """
            error: syntax error, unexpected ',', expecting $end, at /home/leo/Code/lorri/shell.nix:6:1
            """,  # noqa: E501
        )
    )
    (err,) = trace
    assert (err.file, err.line, err.column, err.category, err.message) == (
        "/home/runner/work/app/app/flake.nix",
        10,
        39,
        "reference",
        "attribute 'hello2' missing",
    )
    assert [(e.file, e.line, e.category) for e in old] == [
        ("/home/leo/Code/lorri/shell.nix", 6, "syntax")
    ]


def test_nix_is_known_by_its_commands() -> None:
    assert tool_from_command(["nix", "build", ".#app"]) == "nix"
    assert tool_from_command(["nix-build"]) == "nix"
