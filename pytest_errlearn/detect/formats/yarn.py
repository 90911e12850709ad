r"""Yarn: classic (1.x) and Berry (2 and later).

Yarn classic says ``error ...`` and ends a failed script with ``error Command
failed with exit code 1.``

Berry writes every line with a code of its own (``yarnpkg.com/advanced/error-codes``)
in the steps of an install, ``YN0000`` for the plain ones::

    ➤ YN0000: ┌ Resolution step
    ➤ YN0082: │ left-pad@npm:99.99.99: No candidates found
    ➤ YN0000: └ Completed in 0s 399ms
    ➤ YN0000: · Failed with errors in 0s 403ms

Where no terminal shows its colours (CI) an error's line looks like a
warning's or a note's, so the codes tell them: the rows below take the codes
Berry's documentation names as failures (by their names: an exception, a
package that could not be resolved, fetched or built, a lockfile an
immutable install would change) and those real failed installs show for a
registry's refusal or a range no version meets (YN0033, YN0035, YN0041,
YN0082). The lines a code goes on with (a lockfile's diff before YN0028's
message, a response's details after YN0035's) are none of its own.
(Yarn's subcommands and folder options are node.py's, with the other package
managers'.)
"""

from __future__ import annotations

from . import Format

ORDER = 20  # node.py's: the package managers' rows stand together
COMMANDS = {"yarn": "yarn"}


def _berry(name: str, codes: str, category: str | None, *examples: str) -> Format:
    """Berry's lines of these codes, each an error: its message is not a diff's
    line, nor a detail indented under the message (those go on with the code)."""
    return Format(
        name,
        rf"^(?:➤ YN0000: )*➤ (?P<code>YN0(?:{codes})): (?:(?:│|├) )?(?!│|├)(?P<msg>[^\s+\-].*)$",
        tool="yarn",
        category=category,
        rank=2,
        words=("YN0",),
        examples=examples,
    )


ROWS = (
    Format(
        "yarn-failed",
        r"^error (?P<msg>Command failed with exit code \d+\.?)$",
        tool="yarn",
        role="consequence",
        rank=0,
        examples=("error Command failed with exit code 1.",),
    ),
    Format(
        "yarn-error",
        r"^error (?P<msg>(?:An unexpected error|Couldn't find|Package|"
        r"The engine|Can't add|Received invalid|\S+: The engine|Your lockfile needs).+)$",
        tool="yarn",
        rank=2,
        examples=(
            'error Couldn\'t find package "nope" on the "npm" registry.',
            "error Your lockfile needs to be updated, but yarn was run with `--frozen-lockfile`.",
        ),
    ),
    Format(  # after the engines' errors of the packages above it
        "yarn-incompatible",
        r"^error (?P<msg>Found incompatible module\.?)\s*$",
        tool="yarn",
        role="consequence",
        rank=0,
        examples=("error Found incompatible module.",),
    ),
    # A package that could not be resolved, fetched or checked (REMOTE_INVALID,
    # REMOTE_NOT_FOUND, CACHE_CHECKSUM_MISMATCH, MISSING_LOCKFILE_ENTRY,
    # CANT_SUGGEST_RESOLUTIONS, FETCH_FAILED; YN0035 a registry's answer, YN0082
    # Yarn 4's range no version meets), a lockfile an immutable install would
    # change (FROZEN_LOCKFILE_EXCEPTION).
    _berry(
        "yarn-berry-dependency",
        "01[568]|020|02[78]|030|035|082",
        "dependency",
        "➤ YN0082: │ left-pad@npm:99.99.99: No candidates found",
        "➤ YN0028: │ The lockfile would have been modified by this install, which is "
        "explicitly forbidden.",
        "➤ YN0035: │ @bryntum/gantt@npm:5.6.11: Package not found",
    ),
    _berry(  # BUILD_FAILED: a package's install script
        "yarn-berry-build",
        "009",
        "build",
        "➤ YN0009: │ esbuild@npm:0.13.3 couldn't be built successfully (exit code 1, logs "
        "can be found here: /tmp/xfs-af7f11a7/build.log)",
    ),
    _berry(  # the registry's refusal of the credentials, or none configured
        "yarn-berry-auth",
        "033|041",
        "config",
        "➤ YN0041: │ @astrojs/mdx@npm:^1.1.1: Invalid authentication (as an unknown user)",
        "➤ YN0000: ➤ YN0033: No authentication configured for request",
    ),
    # EXCEPTION, RESOLVER/FETCHER/LINKER_NOT_FOUND, YARN_IMPORT_FAILED,
    # WORKSPACE_NOT_FOUND, TOO_MANY_MATCHING_WORKSPACES, the CONSTRAINTS_ ones,
    # CROSS_DRIVE_VIRTUAL_LOCAL, AUTOMERGE_FAILED_TO_PARSE/IMMUTABLE,
    # NM_CANT_INSTALL_EXTERNAL_SOFT_LINK: the message says which category.
    _berry(
        "yarn-berry-error",
        "001|01[0-24]|02[1-69]|04[67]|071",
        None,
        "➤ YN0001: │ Error: EACCES: permission denied, mkdir '/x'",
        "➤ YN0001: │ Error: tailwindcss@npm:@tailwindcss/postcss7-compat isn't supported by any "
        "available resolver",
    ),
    Format(  # after the errors of the steps above it
        "yarn-berry-failed",
        r"^➤ YN0000: (?:· )?(?P<msg>Failed with errors in .+)$",
        tool="yarn",
        role="consequence",
        rank=0,
        words=("YN0",),
        examples=("➤ YN0000: · Failed with errors in 0s 403ms",),
    ),
)
