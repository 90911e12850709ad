"""errlearn: says what failed in a test or build run, where, and what fixed it last time.

The one engine (detection, matching, patterns, history, rendering) lives
here; the pytest plugin (``plugin``) and the ``errlearn`` command
(``errlearn_wrapper``) only adapt input and output.
"""

__version__ = "0.1.0"

# The formats ``--format`` offers: named here, so the command line lists them
# without loading ``ciformats`` (and its json, pathlib and urllib).
CI_FORMATS = ("json", "github", "sarif", "gitlab", "junit", "markdown")


class UserError(Exception):
    """Bad input from the user (an option, a file, a TOML table): every front end
    shows its message as one line, and the command line exits 2."""
