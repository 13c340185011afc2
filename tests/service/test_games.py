"""The game registry: seat ranges that depend on options, and options text normalized."""
import pytest

from gamehost.registry import plugin, normalize_options


def test_cloudspire_seat_range_follows_mode_and_map():
    seats = plugin("cloudspire").seat_range
    assert seats(normalize_options("cloudspire", {})) == (2, 4)
    assert seats(normalize_options("cloudspire", {"mode": "teams"})) == (4, 4)        # CS-TEAM-1
    assert seats(normalize_options("cloudspire", {"map": "tutorial"})) == (2, 2)


def test_on_off_options_typed_as_yes_no_become_the_engines_words():
    """parse_options_text turns on/off into booleans; the engine's choices are "on"/"off"."""
    options = normalize_options("cloudspire", {"events": False, "faster_market": True})
    assert options["events"] == "off" and options["faster_market"] == "on"
    with pytest.raises(ValueError):
        normalize_options("cloudspire", {"events": "sometimes"})
