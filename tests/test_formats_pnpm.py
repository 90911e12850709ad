"""pnpm 9's errors as it prints them to a log (its code between thin spaces),
real runs on this machine: a frozen lockfile out of date, a missing script, a
package or version the registry does not have, and scripts that failed."""

from __future__ import annotations

from test_detect import scan

T = "\u2009"  # what stands around a code where no terminal shows pnpm's colours

OUTDATED = f"""\
{T}ERR_PNPM_OUTDATED_LOCKFILE{T} Cannot install with "frozen-lockfile" because pnpm-lock.yaml \
is not up to date with <ROOT>/package.json

Note that in CI environments this setting is true by default. If you still need to run \
install in such cases, use "pnpm install --no-frozen-lockfile"

    Failure reason:
    specifiers in the lockfile ({{"ms":"2.1.3"}}) don't match specs in package.json \
({{"ms":"2.1.3","debug":"4.3.4"}})
"""

NO_VERSION = f"""\
{T}ERR_PNPM_NO_MATCHING_VERSION{T} No matching version found for ms@99

This error happened while installing a direct dependency of /home/ci/app

The latest release of ms is "2.1.3".

If you need the full list of all 32 published versions run "$ pnpm view ms versions".
"""


def test_a_frozen_lockfile_out_of_date_is_one_error_with_its_reason() -> None:
    [err] = scan(OUTDATED).errors
    assert (err.tool, err.code, err.category) == (
        "pnpm",
        "ERR_PNPM_OUTDATED_LOCKFILE",
        "dependency",
    )
    assert err.message.endswith(
        """package.json (specifiers in the lockfile ({"ms":"2.1.3"}) don't match specs in \
package.json ({"ms":"2.1.3","debug":"4.3.4"}))"""
    )
    assert err.span == (1, 6)


def test_a_version_the_registry_lacks_names_the_latest_it_has() -> None:
    [err] = scan(NO_VERSION).errors
    assert (err.code, err.category, err.message) == (
        "ERR_PNPM_NO_MATCHING_VERSION",
        "dependency",
        'No matching version found for ms@99 (The latest release of ms is "2.1.3")',
    )


def test_a_package_the_registry_lacks_is_a_dependency_error() -> None:
    log = f"{T}ERR_PNPM_FETCH_404{T} GET https://registry.npmjs.org/nope: Not Found - 404\n"
    assert [(e.code, e.category) for e in scan(log).errors] == [
        ("ERR_PNPM_FETCH_404", "dependency")
    ]


def test_a_missing_script_is_a_config_error() -> None:
    log = f'{T}ERR_PNPM_NO_SCRIPT{T} Missing script: nope\n\nCommand "nope" not found.\n'
    assert [(e.message, e.category) for e in scan(log).errors] == [
        ("Missing script: nope", "config")
    ]


def test_a_failed_script_follows_from_its_own_output_above() -> None:
    log = f"""
> a@1.0.0 test /home/ci/ws/packages/a
> node index.js

/home/ci/ws/packages/a/index.js:1
throw new Error("boom");
^

Error: boom
    at Object.<anonymous> (/home/ci/ws/packages/a/index.js:1:7)

Node.js v20.19.2
/home/ci/ws/packages/a:
{T}ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL{T} a@1.0.0 test: `node index.js`
Exit status 1
{T}ELIFECYCLE{T} Test failed. See above for more details.
"""
    [err] = scan(log).errors
    assert (err.message, err.file, err.line) == ("boom", "/home/ci/ws/packages/a/index.js", 1)
