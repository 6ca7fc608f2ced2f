"""`blocks.sdk.nested.find_objects`: the mappings of a JSON value that match, in order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from blocks.sdk.nested import find_objects


def _tagged(value: Mapping[str, Any]) -> bool:
    return value.get("tag") == "x"


def test_finds_nested_matches_depth_first_in_order() -> None:
    value = {
        "a": [{"tag": "x", "n": 1}, {"b": {"tag": "x", "n": 2}}],
        "c": {"tag": "y", "d": [[{"tag": "x", "n": 3}]]},
    }
    assert [found["n"] for found in find_objects(value, _tagged)] == [1, 2, 3]


def test_a_match_is_not_searched_further() -> None:
    value = [{"tag": "x", "n": 1, "inner": {"tag": "x", "n": 2}}]
    assert [found["n"] for found in find_objects(value, _tagged)] == [1]


def test_the_value_itself_may_match_and_scalars_and_tuples_hold_nothing() -> None:
    assert list(find_objects({"tag": "x"}, _tagged)) == [{"tag": "x"}]
    assert list(find_objects("x", _tagged)) == []
    assert list(find_objects(({"tag": "x"},), _tagged)) == []
