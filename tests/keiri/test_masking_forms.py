"""A registered secret is masked in the forms it takes on its way out (issue 23 item 4c):
percent-encoded (whole, in part, either hex case, twice), JSON-escaped, base64 alone and inside
`base64("user:key")` at every byte offset, standard and URL-safe — in text, in structures and in
log records, without eating the text around it."""

from __future__ import annotations

import base64
import json
import logging
import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st

from keiri.base import masking
from keiri.base.masking import MASK, mask, mask_text
from keiri.base.secret_forms import MIN_CORE, Matcher, base64_cores
from tests.support.timing import examples

SECRET = "sk-live-SECRET-4f9a2c"


def setup_module() -> None:
    masking.register([SECRET, "パスワード秘密の値"])


def test_percent_encoded_whole_in_part_either_case_and_twice() -> None:
    full = "".join(f"%{b:02X}" for b in SECRET.encode())
    for encoded in (
        urllib.parse.quote(SECRET, safe=""),
        SECRET.replace("-", "%2D"),
        SECRET.replace("-", "%2d"),
        full,
        full.lower(),
        SECRET.replace("-", "%252D"),
        urllib.parse.quote_plus("パスワード秘密の値"),
    ):
        text = f'400 Bad Request: {{"error": "invalid key {encoded} given"}}'
        assert mask_text(text) == f'400 Bad Request: {{"error": "invalid key {MASK} given"}}', (
            encoded
        )


def test_json_escaped_forms() -> None:
    escaped = json.dumps({"k": "パスワード秘密の値"})  # \\uXXXX escapes
    assert "パスワード秘密の値" not in escaped
    assert mask_text(escaped) == json.dumps({"k": MASK})


def test_basic_auth_of_user_and_key_at_every_offset_is_masked_as_one_token() -> None:
    for user in ("u", "us", "use", "accounting-team"):
        token = base64.b64encode(f"{user}:{SECRET}".encode()).decode()
        text = f"Authorization: Basic {token}\nnext line"
        assert mask_text(text) == f"Authorization: Basic {MASK}\nnext line", user


def test_base64_alone_and_url_safe() -> None:
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        for prefix in (b"", b"x", b"xy"):
            token = encode(prefix + SECRET.encode() + b"?>").decode()
            assert mask_text(f"[{token}]") == f"[{MASK}]", (encode, prefix)


def test_innocent_text_and_other_tokens_stay() -> None:
    other = base64.b64encode(b"user:another-key-not-registered").decode()
    text = f"run 0192f3a4-5b6c-7d8e-9f00-112233445566 token {other} 合計 ¥12,345"
    assert mask_text(text) == text
    assert mask_text(SECRET * 3) == MASK * 3  # each occurrence is one mask, as before


def test_structures_and_log_records_use_the_same_forms() -> None:
    encoded = urllib.parse.quote(SECRET, safe="").replace("-", "%2D")
    basic = base64.b64encode(f"me:{SECRET}".encode()).decode()
    assert mask({"body": f"key={encoded}", "rows": [f"Basic {basic}"]}) == {
        "body": f"key={MASK}",
        "rows": [f"Basic {MASK}"],
    }
    record = logging.LogRecord("x", logging.ERROR, __file__, 1, "echo %s", (basic,), None)
    masking.MaskingFilter().filter(record)
    assert record.getMessage() == f"echo {MASK}"


def test_short_secrets_have_no_base64_core() -> None:
    assert base64_cores("abcd") == set()
    assert all(len(core) >= MIN_CORE for core in base64_cores("abcdefghij"))


def test_a_long_token_is_scanned_in_linear_time() -> None:
    """A megabyte of base64 (an embedded image, say) with the core near its end: found, and
    the scan does not backtrack over the token (this would take minutes if it did)."""
    blob = base64.b64encode(bytes(range(256)) * 3000 + SECRET.encode()).decode()
    assert mask_text(f"data:image/png;base64,{blob} end") == f"data:image/png;base64,{MASK} end"


@settings(max_examples=examples(60), deadline=None)
@given(
    secret=st.text(alphabet=st.characters(codec="utf-8"), min_size=7, max_size=24),
    before=st.binary(max_size=8),
    after=st.binary(max_size=8),
)
def test_any_secret_inside_any_base64_text_is_found(
    secret: str, before: bytes, after: bytes
) -> None:
    token = base64.b64encode(before + secret.encode() + after).decode()
    assert MASK in Matcher([secret]).sub(MASK, f" {token} ")
    assert secret not in Matcher([secret]).sub(MASK, f"<{secret}>")
