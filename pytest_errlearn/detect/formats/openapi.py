r"""OpenAPI Generator (its CLI, the npm wrapper ``openapi-generator-cli`` and
the Maven and Gradle plugins), where it validates the spec before generating.

A spec that does not validate stops the generator with one exception, its
problems listed under it, each a tab (or spaces) and a dash before it, the
warnings after the errors, then the exception's stack::

    Exception in thread "main" org.openapitools.codegen.SpecValidationException: There were
    issues with the specification. The option can be disabled via validateSpec (Maven/Gradle)
    or --skip-validate-spec (CLI).
     | Error count: 1, Warning count: 0
    Errors:
        -attribute components.schemas.Pet.items is missing

        at org.openapitools.codegen.config.CodegenConfigurator.toContext(...)

(the exception's line is one line). The Gradle plugin prints the same from
``There were issues``, its lines indented under the task's failure. The first
of the errors says what is wrong with the spec: it is the error's message.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 40  # before java.py's rows: the exception would be any exception with a stack
COMMANDS = {"openapi-generator": "openapi-generator", "openapi-generator-cli": "openapi-generator"}
BUILDS: dict[str, frozenset[str] | None] = {
    "openapi-generator": frozenset({"generate", "validate", "batch"}),
    "openapi-generator-cli": frozenset({"generate", "validate", "batch"}),
}


class SpecProblems(Reader):
    """Under the generator's ``There were issues with the specification``: the
    count, the ``Errors:`` and ``Warnings:`` lists and the exception's stack.
    The first error (``attribute paths.'/pets'(get).responses is missing``)
    ends the message; the warnings repeat errors or are none of them."""

    frames_wanted = False
    _OWN = regex(r"^\|? ?Error count: |^(?:Errors|Warnings):\s*$|^at [\w$.<>]+\(")
    _PROBLEM = regex(r"^-(?P<said>\S.*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.listing = ""  # the list the lines are in: "Errors" or "Warnings"
        self.first: str | None = None  # the first error listed

    def accept(self, line: str) -> bool:
        said = line.strip().removeprefix("> ").strip()  # Gradle's "> " before its failure
        if not said:
            return not self.blanks
        if said.rstrip(":") in ("Errors", "Warnings") and said.endswith(":"):
            self.listing = said.rstrip(":")
        elif (m := self._PROBLEM.match(said)) is not None and self.listing:
            if self.listing == "Errors" and self.first is None:
                self.first = m["said"]
                self.err.message = f"{self.err.message.rstrip('.')}: {self.first}"
        elif not self._OWN.match(said):
            return False
        return True

    def category(self) -> str:
        return "config"


READERS = {"openapi-spec": SpecProblems}

ROWS = (
    Format(
        "openapi-spec-invalid",
        r"^\s*(?:Exception in thread \"[^\"]+\" |> )?(?:org\.openapitools\.codegen\.)?"
        r"(?:SpecValidationException: )?(?P<msg>There were issues with the specification\.)"
        r"(?: The option can be disabled .*)?$",
        tool="openapi-generator",
        block="openapi-spec",
        category="config",
        rank=2,
        words=("issues with the specification",),
        examples=(
            'Exception in thread "main" org.openapitools.codegen.SpecValidationException: There '
            "were issues with the specification. The option can be disabled via validateSpec "
            "(Maven/Gradle) or --skip-validate-spec (CLI).",
            "  > There were issues with the specification. The option can be disabled via "
            "validateSpec (Maven/Gradle) or --skip-validate-spec (CLI).",
        ),
    ),
)
