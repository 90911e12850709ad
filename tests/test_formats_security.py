"""Vulnerability scanners (Trivy, Grype, the Snyk CLI, OWASP dependency-check) and
security linters (gosec, tfsec, gitleaks), in the shapes their documentation
prints, with neutral names."""

from __future__ import annotations

from test_detect import scan


def test_each_row_of_trivys_box_drawn_table_is_an_error_of_its_package() -> None:
    report = scan(
        """
        app (alpine 3.17.0)
        ===================
        Total: 2 (HIGH: 1, MEDIUM: 1)

        ┌─────────┬───────────────┬──────────┬────────┬───────────────────┬───────────────┬─────────────────┐
        │ Library │ Vulnerability │ Severity │ Status │ Installed Version │ Fixed Version │      Title      │
        ├─────────┼───────────────┼──────────┼────────┼───────────────────┼───────────────┼─────────────────┤
        │ libfoo  │ CVE-2023-0001 │ HIGH     │ fixed  │ 1.0.0-r0          │ 1.0.1-r0      │ libfoo: overrun │
        │         ├───────────────┼──────────┤        │                   ├───────────────┼─────────────────┤
        │         │ CVE-2023-0002 │ MEDIUM   │ fixed  │                   │ 1.0.2-r0      │ libfoo: leak    │
        └─────────┴───────────────┴──────────┴────────┴───────────────────┴───────────────┴─────────────────┘
        """  # noqa: E501
    )
    assert [(e.message, e.code, e.category) for e in report.errors] == [
        ("libfoo 1.0.0-r0: CVE-2023-0001 (HIGH) libfoo: overrun", "CVE-2023-0001", "dependency"),
        ("libfoo: CVE-2023-0002 (MEDIUM) libfoo: leak", "CVE-2023-0002", "dependency"),
    ]


def test_a_row_of_trivys_ascii_table_is_an_error_too() -> None:
    report = scan(
        """
        +-----------------+------------------+----------+-------------------+---------------+--------------+
        |     LIBRARY     | VULNERABILITY ID | SEVERITY | INSTALLED VERSION | FIXED VERSION |    TITLE     |
        +-----------------+------------------+----------+-------------------+---------------+--------------+
        | com.example:lib | CVE-2022-0001    | CRITICAL | 2.0.0             |         2.0.1 | lib: RCE     |
        +-----------------+------------------+----------+-------------------+---------------+--------------+
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.code) == ("trivy", "CVE-2022-0001")
    assert err.message == "com.example:lib 2.0.0: CVE-2022-0001 (CRITICAL) lib: RCE"


def test_grypes_table_is_one_error_its_worst_row() -> None:
    report = scan(
        """
        NAME      INSTALLED  FIXED-IN  TYPE          VULNERABILITY   SEVERITY
        libbar    1.2.0      1.2.1     java-archive  CVE-2021-0003   Medium
        libbaz    0.9.0                python        GHSA-aaaa-bbbb  Critical
        libbar    1.2.0                java-archive  CVE-2021-0004   Low
        """
    )
    (err,) = report.errors
    assert (err.tool, err.code, err.category) == ("grype", "GHSA-aaaa-bbbb", "dependency")
    assert err.message == "libbaz 0.9.0: GHSA-aaaa-bbbb (Critical) (and 2 more)"


def test_each_snyk_issue_is_an_error_of_its_package_with_the_advisory_as_code() -> None:
    report = scan(
        """
        Tested 12 dependencies for known issues, found 2 issues, 2 vulnerable paths.

        Issues to fix by upgrading:

          Upgrade libqux@1.0.0 to libqux@1.1.0 to fix
          ✗ Prototype Pollution [High Severity][https://security.snyk.io/vuln/SNYK-JS-LIBQUX-100] in libqux@1.0.0
            introduced by libqux@1.0.0

          ✗ Denial of Service [Medium Severity][https://security.snyk.io/vuln/SNYK-JS-LIBZAP-200] in libzap@2.0.0
            introduced by app@1.0.0 > libzap@2.0.0
        """  # noqa: E501
    )
    assert [(e.message, e.code, e.tool) for e in report.errors] == [
        ("libqux@1.0.0: Prototype Pollution", "SNYK-JS-LIBQUX-100", "snyk"),
        ("libzap@2.0.0: Denial of Service", "SNYK-JS-LIBZAP-200", "snyk"),
    ]


def test_an_old_snyk_issue_takes_its_description_and_id_from_the_lines_under_it() -> None:
    report = scan(
        """
        ✗ High severity vulnerability found in libqux
          Description: Prototype Pollution
          Info: https://snyk.io/vuln/npm:libqux:20200101
          Introduced through: libqux@1.0.0
          From: libqux@1.0.0
        """
    )
    (err,) = report.errors
    assert err.message == "High severity vulnerability found in libqux: Prototype Pollution"
    assert (err.code, err.tool, err.test) == ("npm:libqux:20200101", "snyk", None)


def test_dependency_checks_verdict_under_maven_is_one_error_with_its_first_dependency() -> None:
    report = scan(
        """
        [ERROR] One or more dependencies were identified with vulnerabilities that have a CVSS score greater than or equal to '7.0':
        [ERROR]
        [ERROR] lib-core-1.0.jar: CVE-2021-0005(9.8), CVE-2021-0006(7.5)
        [ERROR] lib-util-2.0.jar: CVE-2021-0007(8.1)
        [ERROR]
        [ERROR] See the dependency-check report for more details.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message == (
        "One or more dependencies were identified with vulnerabilities that have a CVSS score"
        " greater than or equal to '7.0': lib-core-1.0.jar: CVE-2021-0005(9.8), CVE-2021-0006(7.5)"
    )
    assert (err.code, err.tool, err.category) == ("CVE-2021-0005", "dependency-check", "dependency")


def test_dependency_checks_list_of_known_vulnerabilities_is_a_warning() -> None:
    report = scan(
        """
        One or more dependencies were identified with known vulnerabilities in app:

        lib-core-1.0.jar (pkg:maven/com.example/lib-core@1.0, cpe:2.3:a:example:lib:1.0:*:*:*:*:*:*:*) : CVE-2021-0005

        See the dependency-check report for more details.
        """  # noqa: E501
    )
    assert report.errors == []
    (warning,) = report.warnings
    assert warning.code == "CVE-2021-0005"


def test_each_gosec_issue_is_an_error_at_its_file_and_line() -> None:
    report = scan(
        """
        [/home/user/app/main.go:12] - G104 (CWE-703): Errors unhandled. (Confidence: HIGH, Severity: LOW)
            11: func run() {
          > 12: 	f.Close()
            13: }

        [/home/user/app/db.go:20-22] - G101 (CWE-798): Potential hardcoded credentials (Confidence: LOW, Severity: HIGH)
          > 20: const dbPassword = "x"

        Summary:
          Gosec  : 2.18.2
          Files  : 2
          Issues : 2
        """  # noqa: E501
    )
    assert [(e.file, e.line, e.code, e.message) for e in report.errors] == [
        ("/home/user/app/main.go", 12, "G104", "Errors unhandled."),
        ("/home/user/app/db.go", 20, "G101", "Potential hardcoded credentials"),
    ]


def test_a_tfsec_result_is_an_error_at_its_place_with_the_checks_id() -> None:
    report = scan(
        """
        Result #1 HIGH Bucket does not have encryption enabled
        ────────────────────────────────────────────────
          main.tf:3-5
        ────────────────────────────────────────────────
            3    resource "aws_s3_bucket" "data" {
            4      bucket = "data"
            5    }
        ────────────────────────────────────────────────
                  ID aws-s3-enable-bucket-encryption
              Impact The bucket objects could be read if compromised
          Resolution Configure bucket encryption

          More Information
          - https://example.com/checks/aws/s3/enable-bucket-encryption/
        ────────────────────────────────────────────────
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.code, err.tool) == (
        "main.tf",
        3,
        "aws-s3-enable-bucket-encryption",
        "tfsec",
    )
    assert err.message == "Bucket does not have encryption enabled"


def test_gitleaks_count_of_leaks_is_the_error_where_no_leak_is_listed() -> None:
    report = scan(
        """
        10:31AM INF 12 commits scanned.
        10:31AM INF scan completed in 80ms
        10:31AM WRN leaks found: 2
        """
    )
    (err,) = report.errors
    assert (err.message, err.tool) == ("leaks found: 2", "gitleaks")
