"""Secrets are masked before anything is stored or written to patterns.toml."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_errlearn import redact as redact_module
from pytest_errlearn.history import History
from pytest_errlearn.redact import MASK, redact
from pytest_errlearn.report import Error, Report

GH = "ghp_" + "A1b2C3d4E5" * 4  # 40 characters after the prefix
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"
KEY_BLOCK = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
    "-----END RSA PRIVATE KEY-----"
)

SECRETS = [
    pytest.param(
        "git clone https://bob:hunter2pass@github.com/o/r.git", "hunter2pass", id="password-in-url"
    ),
    pytest.param(
        "curl -H 'Authorization: Bearer s3cr3t.t0ken' api", "s3cr3t.t0ken", id="bearer-header"
    ),
    pytest.param(
        "Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA==", id="basic-header"
    ),
    pytest.param(
        "using key AKIAIOSFODNN7EXAMPLE for s3", "AKIAIOSFODNN7EXAMPLE", id="aws-access-key"
    ),
    pytest.param(
        "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        id="aws-secret-key",
    ),
    pytest.param(f"remote: invalid token {GH}", GH, id="github-classic"),
    pytest.param("gho_" + "x" * 36 + " expired", "gho_" + "x" * 36, id="github-oauth"),
    pytest.param("ghs_" + "y" * 36, "ghs_" + "y" * 36, id="github-app"),
    pytest.param(
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123",
        id="github-fine-grained",
    ),
    pytest.param(f"jwt expired: {JWT}", JWT, id="jwt"),
    pytest.param(
        f"loading key\n{KEY_BLOCK}\ndone", "MIIEowIBAAKCAQEAu1SU1LfVLPH", id="private-key-block"
    ),
    pytest.param(
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA (truncated",
        "b3BlbnNzaC1rZXktdjEAAAA",
        id="private-key-cut-off",
    ),
    pytest.param("DB_PASSWORD=correct-horse ./manage.py", "correct-horse", id="password-assign"),
    pytest.param("connect(token=abc123def456)", "abc123def456", id="token-assign"),
    pytest.param('{"client_secret": "sh-h-h-h"}', "sh-h-h-h", id="secret-json"),
    pytest.param("api_key: 0123456789abcdef", "0123456789abcdef", id="api-key-yaml"),
    pytest.param(
        "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        id="slack-token",
    ),
    pytest.param(
        "https://hooks.slack.com/services/T000/B000/XXXXXXXX",
        "T000/B000/XXXXXXXX",
        id="slack-webhook",
    ),
    pytest.param("npm ERR! token npm_" + "Z" * 36, "npm_" + "Z" * 36, id="npm-token"),
    pytest.param(
        "//registry.npmjs.org/:_authToken=0a1b2c3d-4e5f", "0a1b2c3d-4e5f", id="npmrc-auth-token"
    ),
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_each_kind_of_secret_is_masked(text: str, secret: str) -> None:
    masked = redact(text)
    assert secret not in masked
    assert MASK in masked


@pytest.mark.parametrize(("text", "_secret"), SECRETS)
def test_redacting_twice_changes_nothing_more(text: str, _secret: str) -> None:
    assert redact(redact(text)) == redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "ModuleNotFoundError: No module named 'requests'",
        "SyntaxError: Unexpected token: 'export'",
        "error[E0425]: cannot find value `token` in this scope",
        "FAILED tests/test_auth.py::test_password_reset - AssertionError: assert 1 == 2",
        "PWD=/home/ci/project make",
        "export API_KEY={key}",
        "password=$DB_PASSWORD",
        "see https://docs.python.org/3/library/re.html",
    ],
)
def test_ordinary_error_text_is_left_alone(text: str) -> None:
    assert redact(text) == text


def test_a_rule_runs_only_on_text_with_its_words_and_masks_as_all_rules_would(
    corpora: Path,
) -> None:
    """Each rule's words are in every text it masks: skipping the rules whose
    words a text lacks changes nothing, on every secret above and on the
    corpora's lines that hold any rule's word."""
    rules = [(re.compile(rx), repl) for _, rx, repl in redact_module._SOURCES]

    def every_rule(text: str) -> str:
        for rx, repl in rules:
            text = rx.sub(repl, text)
        return text

    lines = [
        line
        for path in sorted(corpora.glob("logchunks/logs/*/*/failed/*.log"))[:40]
        for line in path.read_text(errors="replace").splitlines()
        if any(word in line.lower() for word in redact_module._WORDS)
    ]
    texts = [text for text, _ in (p.values for p in SECRETS)] + lines
    assert len(lines) > 500
    for text in texts:
        assert redact(text) == every_rule(text), text


def test_a_username_in_a_url_is_kept_and_only_the_password_masked() -> None:
    assert redact("https://bob:pw123@host/x") == f"https://bob:{MASK}@host/x"


def test_a_secret_in_a_failing_run_never_reaches_the_history_file(tmp_path: Path) -> None:
    err = Error(
        message=f"HTTP 401 for https://ci:hunter2pass@registry.example/ with {GH}",
        text=f"error: HTTP 401 with {GH}",
        block=[f"error: HTTP 401 with {GH}", "Authorization: Bearer s3cr3t.t0ken"],
        signature="0123456789abcdef",
    )
    history = History.open(tmp_path)
    assert history is not None
    with history:
        history.record(
            Report(errors=[err], primary_index=0),
            source="run",
            command=f"deploy --password=hunter2pass --token {GH}",
            exit_code=1,
        )
    stored = b"".join(p.read_bytes() for p in (tmp_path / ".errlearn").iterdir() if p.is_file())
    assert b"hunter2pass" not in stored
    assert GH.encode() not in stored
    assert b"s3cr3t.t0ken" not in stored
    assert b"HTTP 401" in stored  # the rest of the error is there
