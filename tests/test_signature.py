"""Normalising: what varies between runs is masked, whatever shortcut is taken."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from pytest_errlearn.detect import signature

PIECES = st.sampled_from(
    [
        "0x1F",
        "deadbeefcafe42",
        "12:30:45",
        "2024-05-01T12:30:45Z",
        "https://ci.example/x?a=1",
        "/tmp/pytest-7/x.txt",
        "tmpab12cd34",
        "pytest-12",
        "C:\\Temp\\a b",
        "src/app/main.go",
        "123e4567-e89b-12d3-a456-426614174000",
        "3.5ms",
        "v1.2.3",
        "'quoted'",
        "`tick`",
        " ",
        "-",
        ":",
        "/",
        "\\",
        "error",
        "x",
        "E0425",
        "\t",
    ]
)


def every_mask(text: str, *, quotes: bool = False) -> str:
    """``normalize`` without its substring tests: every regex over every text."""
    for rx, repl, _ in signature._MASKS:
        text = rx.sub(repl, text)
    if quotes:
        text = signature._QUOTED.sub("<q>", text)
    return signature._SPACE.sub(" ", text).strip()


@given(st.lists(PIECES, max_size=12).map("".join), st.booleans())
def test_skipping_a_mask_whose_text_is_absent_changes_nothing(text: str, quotes: bool) -> None:
    assert signature.normalize(text, quotes=quotes) == every_mask(text, quotes=quotes)


def test_values_that_vary_between_runs_are_masked() -> None:
    text = "2024-05-01T12:30:45Z /tmp/pytest-7/x.txt at 0x7ffd: took 3.5ms (src/app/main.go)"
    assert signature.normalize(text) == "<time> <tmp> at <hex>: took <n> (main.go)"


def test_a_signature_is_the_sha1_of_its_key_so_history_and_patterns_keep_matching() -> None:
    """Whichever SHA-1 is loaded (CPython's own, or OpenSSL's): the same digest."""
    message = "borrow of moved value: `v`"
    key = "\x1f".join(("cargo", "build", "E0382", "main.rs", signature.normalize(message)))
    expected = hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
    assert (
        signature.signature(
            message, tool="cargo", category="build", code="E0382", file="src/main.rs"
        )
        == expected
    )
