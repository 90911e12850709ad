"""Web frameworks' own commands: Django's system checks and exceptions
(``django.py``), Astro's type checker (``astro.py``).

The outputs are real runs: Django 5.2's ``manage.py check`` / ``check
--deploy`` / ``shell`` on a project of a ``shop`` app whose model and admin
are wrong, and ``astro check`` (Astro 4, ``@astrojs/check`` 0.9) on two
components with type errors.
"""

from __future__ import annotations

import textwrap

from test_detect import scan

_CHECK = """
    SystemCheckError: System check identified some issues:

    ERRORS:
    <class 'shop.admin.OrderAdmin'>: (admin.E108) The value of 'list_display[0]' refers to 'nothing', which is not a callable or attribute of 'OrderAdmin', or an attribute, method, or field on 'shop.Order'.
    ?: (admin.E410) 'django.contrib.sessions.middleware.SessionMiddleware' must be in MIDDLEWARE in order to use the admin application.
    \tHINT: Insert 'django.contrib.sessions.middleware.SessionMiddleware' before 'django.contrib.auth.middleware.AuthenticationMiddleware'.
    shop.Order.customer: (fields.E300) Field defines a relation with model 'Customer', which is either not installed, or is abstract.
    shop.Order.price: (fields.E130) DecimalFields must define a 'decimal_places' attribute.

    System check identified 4 issues (0 silenced).
    """  # noqa: E501


def test_each_django_check_that_failed_is_an_error_of_its_own_with_its_id() -> None:
    report = scan(_CHECK)
    assert [(e.tool, e.code, e.category) for e in report.errors] == [
        ("django", "admin.E108", "reference"),
        ("django", "admin.E410", "config"),
        ("django", "fields.E300", "reference"),
        ("django", "fields.E130", "config"),
    ]
    assert report.primary is report.errors[0]
    assert report.errors[1].span == (5, 6)  # its hint, under it


def test_a_django_check_names_the_object_it_is_about_in_its_message() -> None:
    messages = [e.message for e in scan(_CHECK).errors]
    assert messages[2] == (
        "shop.Order.customer: Field defines a relation with model 'Customer', which is either "
        "not installed, or is abstract."
    )
    assert messages[0].startswith("shop.admin.OrderAdmin: The value of 'list_display[0]'")
    assert messages[1].startswith("'django.contrib.sessions.middleware.SessionMiddleware' must")


def test_djangos_deploy_warnings_are_warnings_and_fail_only_where_the_level_says_so() -> None:
    lines = textwrap.dedent(
        """
        WARNINGS:
        ?: (security.W018) You should not have DEBUG set to True in deployment.
        ?: (security.W020) ALLOWED_HOSTS must not be empty in deployment.

        System check identified 2 issues (0 silenced).
        """
    )
    passed = scan("System check identified some issues:\n" + lines)
    assert passed.errors == [] and [w.code for w in passed.warnings] == [
        "security.W018",
        "security.W020",
    ]
    failed = scan("SystemCheckError: System check identified some issues:\n" + lines)
    (err,) = failed.errors  # --fail-level WARNING: the verdict is the error
    assert (err.tool, err.category) == ("django", "config")


def test_the_system_check_verdict_alone_is_djangos_configuration_error() -> None:
    (err,) = scan(
        "django.core.management.base.SystemCheckError: SystemCheckError: System check "
        "identified some issues:"
    ).errors
    assert (err.tool, err.category) == ("django", "config")


def test_a_django_exception_named_by_its_module_is_pythons_not_a_java_class() -> None:
    (err,) = scan("django.db.utils.OperationalError: no such table: auth_user").errors
    assert err.tool == "python"
    assert err.message == "django.db.utils.OperationalError: no such table: auth_user"


_ASTRO_CHECK = """
    18:27:31 [check] Getting diagnostics for Astro files in /home/user/site...
    src/components/Card.astro:4:7 - error ts(2322): Type 'string' is not assignable to type 'number'.

    4 const total: number = "zero";
            ~~~~~
    src/components/Card.astro:4:7 - warning ts(6133): 'total' is declared but its value is never read.

    4 const total: number = "zero";
            ~~~~~

    src/pages/index.astro:6:7 - error ts(2322): Type '{ titel: string; }' is not assignable to type 'IntrinsicAttributes & Props'.
      Property 'titel' does not exist on type 'IntrinsicAttributes & Props'. Did you mean 'title'?

    6 <Card titel="x" />
            ~~~~~

    Result (5 files):
    - 2 errors
    - 0 warnings
    - 1 hint
    """  # noqa: E501


def test_astro_checks_errors_carry_their_place_and_typescripts_code() -> None:
    report = scan(_ASTRO_CHECK)
    assert [(e.tool, e.file, e.line, e.column, e.code) for e in report.errors] == [
        ("astro", "src/components/Card.astro", 4, 7, "TS2322"),
        ("astro", "src/pages/index.astro", 6, 7, "TS2322"),
    ]
    assert report.errors[0].message == "Type 'string' is not assignable to type 'number'."
    assert report.errors[1].span == (11, 15)  # its message's second line, the source quoted


def test_an_astro_check_warning_is_a_warning() -> None:
    (warning,) = scan(_ASTRO_CHECK).warnings
    assert (warning.file, warning.code) == ("src/components/Card.astro", "TS6133")
