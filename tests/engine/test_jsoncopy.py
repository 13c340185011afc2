"""engine.jsoncopy.deep_copy: an equal copy of a JSON state sharing nothing mutable, the way
every game's ``apply`` leaves its input untouched."""
from __future__ import annotations

from hypothesis import given, strategies as st

from engine.jsoncopy import deep_copy

_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
_JSON = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=4), inner, max_size=4), max_leaves=30)


def _containers(x: object) -> list[object]:
    if isinstance(x, dict):
        return [x] + [c for v in x.values() for c in _containers(v)]
    if isinstance(x, list):
        return [x] + [c for v in x for c in _containers(v)]
    return []


@given(_JSON)
def test_equal_and_shares_no_container(data: object) -> None:
    copied = deep_copy(data)
    assert copied == data
    mine = {id(c) for c in _containers(data)}
    assert not any(id(c) in mine for c in _containers(copied))


def test_changing_the_copy_leaves_the_original_alone() -> None:
    state = {"players": [{"hand": ["a", "b"], "hp": 3}], "map": {"hexes": {"0,0": {"t": "p"}}}}
    copied = deep_copy(state)
    copied["players"][0]["hand"].append("c")
    copied["map"]["hexes"]["0,0"]["t"] = "x"
    assert state == {"players": [{"hand": ["a", "b"], "hp": 3}], "map": {"hexes": {"0,0": {"t": "p"}}}}


def test_keys_keep_their_order() -> None:
    state = {"z": 1, "a": {"y": 2, "b": 3}}
    assert list(deep_copy(state)) == ["z", "a"]
    assert list(deep_copy(state)["a"]) == ["y", "b"]
