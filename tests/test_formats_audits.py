"""Dependency audits: npm audit's report (npm 7 on, as npm/cli's issue threads
quote it), cargo audit's and pip-audit's (as their READMEs print them)."""

from __future__ import annotations

from test_detect import scan

NPM_AUDIT = """
# npm audit report

axios  >=1.3.2
Severity: high
Server-Side Request Forgery in axios - https://github.com/advisories/GHSA-8hc4-vh64-cxmj
fix available via `npm audit fix`
node_modules/axios
  twilio  >=4.19.3
  Depends on vulnerable versions of axios
  node_modules/twilio

public  *
Severity: high
Cross-Site Scripting - https://npmjs.com/advisories/1000
Path Traversal - https://npmjs.com/advisories/571

3 high severity vulnerabilities
"""


def test_each_npm_advisory_is_a_warning_of_its_package() -> None:
    report = scan(NPM_AUDIT)
    assert report.errors == []
    assert [(w.message, w.code, w.category) for w in report.warnings] == [
        (
            "axios >=1.3.2: Server-Side Request Forgery in axios",
            "GHSA-8hc4-vh64-cxmj",
            "dependency",
        ),
        ("public *: Cross-Site Scripting", None, "dependency"),
        ("public *: Path Traversal", None, "dependency"),
    ]


def test_each_cargo_audit_vulnerability_is_an_error_its_count_follows() -> None:
    report = scan(
        """
            Scanning Cargo.lock for vulnerabilities (150 crate dependencies)
        Crate:     time
        Version:   0.1.45
        Title:     Potential segfault in the time crate
        Date:      2020-11-18
        ID:        RUSTSEC-2020-0071
        URL:       https://rustsec.org/advisories/RUSTSEC-2020-0071
        Solution:  Upgrade to >=0.2.23
        Crate:     ansi_term
        Version:   0.12.1
        Warning:   unmaintained
        Title:     ansi_term is Unmaintained
        Date:      2021-08-18
        ID:        RUSTSEC-2021-0139
        error: 1 vulnerability found!
        warning: 1 allowed warning found
        """
    )
    (err,) = report.errors
    assert (err.message, err.code, err.tool) == (
        "time 0.1.45: Potential segfault in the time crate",
        "RUSTSEC-2020-0071",
        "cargo-audit",
    )
    assert err.related == [(15, 15)]
    (warning,) = report.warnings
    assert warning.message == "ansi_term 0.12.1: ansi_term is Unmaintained"


def test_each_row_of_pip_audits_table_is_an_error() -> None:
    report = scan(
        """
        Found 2 known vulnerabilities in 1 package
        Name  Version ID             Fix Versions
        ----- ------- -------------- ------------
        Flask 0.5     PYSEC-2019-179 1.0
        Flask 0.5     PYSEC-2018-66  0.12.3
        """
    )
    assert [(e.message, e.code) for e in report.errors] == [
        ("Flask 0.5: known vulnerability (fixed in 1.0)", "PYSEC-2019-179"),
        ("Flask 0.5: known vulnerability (fixed in 0.12.3)", "PYSEC-2018-66"),
    ]


def test_each_vulnerability_govulncheck_finds_is_an_error_where_the_code_reaches_it() -> None:
    # govulncheck 1.0 on; its count of them follows from them
    report = scan(
        """
        === Symbol Results ===

        Vulnerability #1: GO-2023-1840
            Unsafe behavior in setuid/setgid binaries in runtime
          More info: https://pkg.go.dev/vuln/GO-2023-1840
          Standard library
            Found in: runtime@go1.20.3
            Fixed in: runtime@go1.20.5
            Example traces found:
              #1: cmd/app/main.go:196:13: app.main calls log.Fatalf, which calls runtime.Caller

        Your code is affected by 1 vulnerability from the Go standard library.
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.code) == (
        "cmd/app/main.go",
        196,
        13,
        "GO-2023-1840",
    )
    assert err.message == (
        "Unsafe behavior in setuid/setgid binaries in runtime"
        " (found in runtime@go1.20.3, fixed in runtime@go1.20.5)"
    )
    assert err.related == [(12, 12)]


def test_govulncheck_before_1_0_is_read_too() -> None:
    report = scan(
        """
        Vulnerability #1: GO-2022-0524
          Calling Reader.Read on an archive of many empty compressed files
          can cause a panic due to stack exhaustion.

          Call stacks in your code:
              pkg/kc/client.go:263:30: kc.Client.VerifyToken calls io/ioutil.ReadAll

          Found in: compress/gzip@go1.18.3
          Fixed in: compress/gzip@go1.18.4
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.span) == ("pkg/kc/client.go", 263, (1, 9))
    assert err.message.startswith("Calling Reader.Read on an archive of many empty compressed")


def test_cargo_audit_before_0_9_names_the_advisory_first_and_the_crate_under_it() -> None:
    report = scan(
        """
        error: Vulnerable crates found!

        ID:      RUSTSEC-2019-0001
        Crate:   libfoo
        Version: 0.1.0
        Date:    2019-01-01
        Title:   Overflow in libfoo's parser
        Solution: upgrade to: >= 0.2.0

        error: 1 vulnerability found!
        """
    )
    (err,) = report.errors
    assert (err.message, err.code, err.tool) == (
        "libfoo 0.1.0: Overflow in libfoo's parser",
        "RUSTSEC-2019-0001",
        "cargo-audit",
    )


def test_each_row_of_safety_checks_table_is_an_error_of_its_package() -> None:
    report = scan(
        """
        +============================+===========+==========================+==========+
        | package                    | installed | affected                 | ID       |
        +============================+===========+==========================+==========+
        | libfoo                     | 1.0.0     | <1.2.0                   | 12345    |
        +==============================================================================+
        """
    )
    (err,) = report.errors
    assert (err.message, err.code, err.tool) == (
        "libfoo 1.0.0: known vulnerability (<1.2.0)",
        "12345",
        "safety",
    )


def test_safety_scans_vulnerability_is_an_error_of_the_package_above_it() -> None:
    report = scan(
        """
         libfoo==1.0.0 [1 vulnerability found]
          -> Vuln ID 12345: CVE-2024-0001, CVSS Severity HIGH
             Affected versions of the libfoo package are vulnerable to ...
        """
    )
    (err,) = report.errors
    assert (err.message, err.code) == ("libfoo==1.0.0: CVE-2024-0001, CVSS Severity HIGH", "12345")


def test_safety_2s_arrow_line_is_an_error_of_the_package_it_names() -> None:
    report = scan(
        """
        -> Vulnerability found in libfoo version 1.0.0
           Vulnerability ID: 12345
           Affected spec: <1.2.0
        """
    )
    (err,) = report.errors
    assert err.message == "libfoo 1.0.0: known vulnerability"
