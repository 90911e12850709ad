"""Solidity: solc's errors as Hardhat, Truffle and Forge print them, Hardhat's
own errors, and Forge's failed tests. The solc lines are solc-js 0.8.24's
(``formattedMessage``) on a small project; the wrappers are the tools'
documented shapes."""

from __future__ import annotations

from test_detect import scan


def test_hardhat_s_compile_error_is_solc_s_and_hh600_follows_from_it() -> None:
    report = scan(
        """
        ParserError: Expected ';' but got 'function'
         --> contracts/Shop.sol:6:5:
          |
        6 |     function buy() public {}
          |     ^^^^^^^^


        Error HH600: Compilation failed
        """
    )
    err = report.primary
    assert err is not None
    assert (err.tool, err.file, err.line, err.column, err.category) == (
        "solc",
        "contracts/Shop.sol",
        6,
        5,
        "syntax",
    )
    assert [e.message for e in report.errors] == ["ParserError: Expected ';' but got 'function'"]


def test_truffle_s_wrapped_type_error_is_solc_s_at_its_project_path() -> None:
    (err,) = scan(
        """
        CompileError: TypeError: Member "mint" not found or not visible after argument-dependent lookup in contract Token.
          --> project:/contracts/Vault.sol:8:9:
           |
         8 |         token.mint(amount);
           |         ^^^^^^^^^^

        Compilation failed. See above.
        """  # noqa: E501
    ).errors
    assert (err.tool, err.file, err.line, err.category) == (
        "solc",
        "contracts/Vault.sol",
        8,
        "reference",
    )


def test_forge_s_numbered_error_is_at_its_place_and_says_its_words() -> None:
    (err,) = scan(
        """
        [⠒] Compiling 12 files with Solc 0.8.24
        [⠢] Solc 0.8.24 finished in 1.02s
        Error:
        Compiler run failed:
        Error (7576): Undeclared identifier. Did you mean "total"?
         --> src/Vault.sol:8:9:
          |
        8 |         totl += amount;
          |         ^^^^
        """
    ).errors
    assert (err.message, err.code, err.file, err.line, err.category) == (
        'Undeclared identifier. Did you mean "total"?',
        "7576",
        "src/Vault.sol",
        8,
        "reference",
    )


def test_an_old_solc_error_puts_its_place_first_and_quotes_its_line() -> None:
    report = scan(
        """
        Compiling ./contracts/Vault.sol...

        /home/user/app/contracts/Vault.sol:8:9: DeclarationError: Undeclared identifier.
                totl += amount;
                ^--^
        /home/user/app/contracts/Vault.sol:12:1: DeclarationError: Identifier already declared.
        import "./Token.sol";
        ^-------------------^
        Compilation failed. See above.
        """
    )
    assert [(e.file, e.line, e.category) for e in report.errors] == [
        ("/home/user/app/contracts/Vault.sol", 8, "reference"),
        ("/home/user/app/contracts/Vault.sol", 12, "reference"),
    ]
    assert report.primary is report.errors[0]


def test_hardhat_s_own_error_has_its_code_and_hh606_names_the_project_s_file() -> None:
    artifact, pragma = (
        scan(
            """
            Error HH700: Artifact for contract "Vault" not found.

            For more info go to https://hardhat.org/HH700 or run Hardhat with --show-stack-traces
            """
        ).errors
        + scan(
            """
            Error HH606: The project cannot be compiled, see reasons below.

            The Solidity version pragma statement in these files doesn't match any of the configured compilers in your config.

              * @acme/contracts/src/Oracle.sol (^0.6.0)
              * contracts/test/MockOracle.sol (^0.6.0)

            For more info go to https://hardhat.org/HH606 or run Hardhat with --show-stack-traces
            """  # noqa: E501
        ).errors
    )
    assert (artifact.tool, artifact.code, artifact.message, artifact.category) == (
        "hardhat",
        "HH700",
        'Artifact for contract "Vault" not found.',
        "build",
    )
    assert (pragma.code, pragma.file, pragma.category) == (
        "HH606",
        "contracts/test/MockOracle.sol",
        "config",
    )


def test_a_failed_forge_test_names_its_test_and_its_suite_s_file_once() -> None:
    report = scan(
        """
        Ran 2 tests for test/Vault.t.sol:VaultTest
        [PASS] test_Deposit() (gas: 31303)
        [FAIL: assertion failed: 1 != 2] test_Withdraw() (gas: 13942)
        Suite result: FAILED. 1 passed; 1 failed; 0 skipped; finished in 1.21ms (402.50µs CPU time)

        Ran 1 test suite in 3.02ms: 1 tests passed, 1 failed, 0 skipped (2 total tests)

        Failing tests:
        Encountered 1 failing test in test/Vault.t.sol:VaultTest
        [FAIL: assertion failed: 1 != 2] test_Withdraw() (gas: 13942)

        Encountered a total of 1 failing tests, 1 tests succeeded
        """
    )
    assert [(e.tool, e.test, e.file, e.message, e.category) for e in report.errors] == [
        ("forge", "test_Withdraw", "test/Vault.t.sol", "assertion failed: 1 != 2", "assertion"),
    ]


def test_a_failed_forge_test_with_no_reason_is_its_line() -> None:
    (err,) = scan("[FAIL. Reason: ] testShutdown() (gas: 14245509)\n").errors
    assert (err.test, err.message) == (
        "testShutdown",
        "[FAIL. Reason: ] testShutdown() (gas: 14245509)",
    )


def test_a_pragma_the_compiler_does_not_satisfy_is_a_config_error() -> None:
    (err,) = scan(
        """
        ParserError: Source file requires different compiler version (current compiler is 0.8.24+commit.e11b9ed9.Emscripten.clang) - note that nightly builds are considered to be strictly less than the released version
         --> contracts/Legacy.sol:1:1:
          |
        1 | pragma solidity ^0.4.11;
          | ^^^^^^^^^^^^^^^^^^^^^^^^
        """  # noqa: E501
    ).errors
    assert (err.tool, err.file, err.line, err.category) == (
        "solc",
        "contracts/Legacy.sol",
        1,
        "config",
    )


def test_solhints_problems_are_in_the_contract_named_above_them() -> None:
    # solhint's default formatter is eslint's stylish one.
    report = scan(
        """
        contracts/Token.sol
          4:5  error  Explicitly mark visibility of state  state-visibility

        ✖ 1 problem (1 error, 0 warnings)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.code) == (
        "contracts/Token.sol",
        4,
        5,
        "state-visibility",
    )
