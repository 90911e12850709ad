r"""consola, the logger of Nuxt (and Nitro, unbuild) and, in its own words, of
Vue CLI: a failure after a label `` ERROR `` (white on red where a terminal
is), two spaces, then the message, the time right-aligned at the line's end
where a terminal is, the stack indented under it::

     ERROR  Expression expected                                  8:40:49 am

      at error (/app/node_modules/rollup/dist/es/shared/parseAst.js:337:30)

Vue CLI's `` ERROR  Build failed with errors.`` only says that the errors
printed above it (webpack's, in js_webpack.py) failed the build.
"""

from __future__ import annotations

from . import Format

ORDER = 19  # with the other JavaScript builds' rows, before node.py's
COMMANDS = {"nuxi": "nuxt", "nuxt": "nuxt", "vue-cli-service": "vue-cli"}
BUILDS: dict[str, frozenset[str] | None] = {
    "nuxi": frozenset({"build", "generate"}),
    "nuxt": frozenset({"build", "generate"}),
    "vue-cli-service": frozenset({"build", "test:unit", "lint"}),
}

# The label: one space before it (its padding), two after; the time at the end.
_TIME = r"(?: {2,}(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d(?: ?[AaPp][Mm])?)?\s*$"

ROWS = (
    Format(  # Vue CLI: the errors it counts are above (webpack's own lines)
        "vue-cli-build-failed",
        r"^\t* ERROR  (?:Error: )?(?P<msg>Build failed with errors\.)" + _TIME,
        role="consequence",
        rank=0,
        examples=(" ERROR  Build failed with errors.", " ERROR  Error: Build failed with errors."),
    ),
    Format(  # the message alone, without the time
        "consola-error",
        r"^\t* ERROR  (?!Failed to compile with \d)(?P<msg>\S.*?)" + _TIME,  # webpack's count
        rank=1,
        examples=(
            " ERROR  Expression expected                                  8:40:49 am  ",
            " ERROR  Nuxt build error                                     20:43:19",
            " ERROR  Cannot start nuxt:  Could not load @nuxtjs/tailwindcss",
        ),
    ),
)
