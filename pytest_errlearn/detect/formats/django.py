r"""Django's management commands (``manage.py`` / ``django-admin``): its system
check framework, and its exceptions outside a traceback. (Its test runner
prints unittest's output: ``python_tests.py``; a command's traceback is read
as any Python traceback: ``python.py``.)

Every command but a few runs the system checks first (``check`` runs them
alone, ``migrate`` adds the database's). Where one of them fails, the command
raises ``SystemCheckError`` and prints its message, the checks that failed
listed under it by level, each as its object, its id in parentheses and its
message, a hint indented under it with a tab::

    SystemCheckError: System check identified some issues:

    ERRORS:
    shop.Order.customer: (fields.E300) Field defines a relation with model ...
    ?: (admin.E410) 'django.contrib.sessions.middleware.SessionMiddleware' must ...
    \tHINT: Insert 'django.contrib.sessions.middleware.SessionMiddleware' before ...

    System check identified 2 issues (0 silenced).

The object is a model's field (``app.Model.field``), a model, a class
(``<class 'shop.admin.OrderAdmin'>``) or ``?`` (the project's settings); the
id is the check's tag and its level's letter (``E`` error, ``C`` critical,
``W`` warning, ``I`` info) before its number. The ``SystemCheckError`` line
only says that the checks listed under it failed; where the command ran
inside a traceback (``call_command``, a test), the exception's full name
heads it (``django.core.management.base.SystemCheckError: SystemCheckError:
...``).

Django's exceptions are named by their module (``django.db.utils.
ProgrammingError: relation "x" does not exist``, ``django.core.exceptions.
ImproperlyConfigured: ...``): a dotted name of Java's shape, which users often
paste alone or with the frames above it.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in
from .python import python_exception_location

ORDER = 9  # before java.py's exception row, which takes "django.db.utils.X:" for a Java class
COMMANDS = {"django-admin": "django"}
BUILDS: dict[str, frozenset[str] | None] = {
    "django-admin": frozenset({"check", "migrate", "makemigrations", "test", "collectstatic"}),
}

# What a check's message says its failure is: a name it cannot resolve (a model
# not installed, an attribute a list refers to); else what its words say as any
# error's would, else the project's configuration.
_CHECK_SAYS = (
    ("reference", regex(r"refers to|not installed|lazy reference|doesn't provide model")),
    ("reference", regex(r"cannot be resolved|is not a callable")),
)


class SystemCheck(Reader):
    """A failed check's hint, under it after a tab (``HINT: ...``). The message
    names the check's object (``shop.Order.price: ...``: which of the models'
    fields), where it has one; its category is what its message says (a name
    it cannot resolve, ``_CHECK_SAYS``), else the project's configuration."""

    frames_wanted = False
    _HINT = regex(r"^\s+HINT: ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        obj = err.text.strip().split(": (", 1)[0].removeprefix("<class '").removesuffix("'>")
        if obj != "?":
            err.message = f"{obj}: {err.message}"

    def accept(self, line: str) -> bool:
        return self.count == 0 and self._HINT.match(line) is not None

    def category(self) -> str | None:
        return said_in(_CHECK_SAYS, self.err.message) or self.said_else("config")


class ChecksFailed(Reader):
    """Under ``SystemCheckError``: the blank line and the level's heading
    (``ERRORS:``) above the checks it lists, which are errors of their own."""

    frames_wanted = False
    _LEVELS = frozenset({"CRITICALS:", "ERRORS:", "WARNINGS:", "INFOS:", "DEBUGS:"})

    def accept(self, line: str) -> bool:
        return not line.strip() or line.strip() in self._LEVELS


READERS = {"djangocheck": SystemCheck, "djangochecks": ChecksFailed}

# A check's id: its tag (dotted: "kuma.core"), its level's letter, its number.
# W and I are warnings (the ``sev`` group); E and C fail the command.
_CHECK_ID = r": \((?P<code>[A-Za-z_][\w.]*\.(?:[EC]|(?P<sev>[WI]))\d{3})\) "

ROWS = (
    Format(  # a check that failed: its object, its id, its message
        "django-check",
        r"^(?:\?|[A-Za-z_][\w.]*|<class '[\w.]+'>)" + _CHECK_ID + r"(?P<msg>\S.*)$",
        tool="django",
        block="djangocheck",
        rank=2,
        seek=_CHECK_ID,
        words=(": (",),
        examples=(
            "shop.Order.customer: (fields.E300) Field defines a relation with model 'Customer', "
            "which is either not installed, or is abstract.",
            "?: (admin.E410) 'django.contrib.sessions.middleware.SessionMiddleware' must be in "
            "MIDDLEWARE in order to use the admin application.",
            "<class 'shop.admin.OrderAdmin'>: (admin.E108) The value of 'list_display[0]' refers "
            "to 'nothing', which is not a callable or attribute of 'OrderAdmin'.",
            "?: (security.W004) You have not set a value for the SECURE_HSTS_SECONDS setting.",
        ),
    ),
    Format(  # the command's verdict, above the checks it lists: they are the errors
        "django-check-failed",
        r"^(?:django\.core\.management\.base\.SystemCheckError: )?"
        r"SystemCheckError: (?P<msg>System check identified some issues:)\s*$",
        tool="django",
        role="consequence",
        category="config",
        block="djangochecks",  # its reason is under it: no line above it is
        rank=2,
        examples=(
            "SystemCheckError: System check identified some issues:",
            "django.core.management.base.SystemCheckError: SystemCheckError: System check "
            "identified some issues:",
        ),
    ),
    Format(  # an exception of Django's own, by its module's name (its frames above it, if any)
        "django-exception",
        r"^(?P<exc>django\.(?:[a-z_]\w*\.)+[A-Z]\w*): \S.*$",
        tool="python",
        block="stack",
        rank=2,
        fixup=python_exception_location,
        examples=(
            'django.db.utils.ProgrammingError: relation "shop_order" does not exist',
            "django.core.exceptions.ImproperlyConfigured: SECRET_KEY setting must not be empty.",
        ),
    ),
)
