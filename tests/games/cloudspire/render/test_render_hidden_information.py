"""Tests for the Cloudspire renderer (the ``render/cloudspire/`` package): hidden information.
The public board does not change with face-down identities, stacks, groups or relics; it refuses
a seat's own view; a seat's private picture of another seat uses only public information.

What is drawn is checked with the text recorder (tests/render/text_recorder.py): the strings,
not the pixels, are pinned, because pixels move with Pillow and FreeType versions. The sample
views come from the real engine at fixed seeds (cloudspire_views.py); the shared helpers are in
cloudspire_render_helpers.py.
"""

from __future__ import annotations

import copy
import random

import pytest

from tests.games.cloudspire.render import cloudspire_views as cv
from tests.games.cloudspire.render.cloudspire_render_helpers import SAMPLES

from render.cloudspire import board_png, private_png


# ---------------------------------------------------------------- hidden information


def _swap_face_down_identities(st, rng):
    """Permute the identities of unrevealed landmarks that share a back (the back is
    public), and change who has explored them."""
    from engine.cloudspire.content import load

    backs = {}
    for lm in st["landmarks"].values():
        if not lm["revealed"]:
            backs.setdefault(load()["landmarks"][lm["type"]]["back"], []).append(lm)
    swapped = False
    for group in backs.values():
        types = [lm["type"] for lm in group]
        rng.shuffle(types)
        for lm, t in zip(group, types):
            swapped |= lm["type"] != t
            lm["type"] = t
            lm["known"] = sorted(rng.sample(range(st["seats"]), rng.randint(0, st["seats"])))
    return swapped


def _change_private_stacks(st, rng):
    """Change everything below the top of every deployment stack, the minions under
    group tops and the relics held."""
    kinds = ["slinger", "warmonger", "sproutling", "fledgling", "sparkling", "roc"]
    for seat, ids in enumerate(st["stacks"]):
        for uid in ids[1:]:
            st["units"][uid]["type"] = rng.choice(kinds)
            st["units"][uid]["hp"] = rng.randint(1, 3)
        if len(ids) > 1 and rng.random() < 0.5:
            st["stacks"][seat] = ids[:1] + list(reversed(ids[1:]))
    for u in st["units"].values():
        if u.get("members"):
            u["members"] = [rng.choice(kinds) for _ in u["members"]]
    prep = st.get("prep") or {}
    for entries in (prep.get("stacks") or {}).values():  # stacks in Prep: all but the top
        if entries:
            entries[0]["types"][1:] = [rng.choice(kinds) for _ in entries[0]["types"][1:]]
            for e in entries[1:]:
                e["types"] = [rng.choice(kinds) for _ in e["types"]]
    for p in st["players"]:  # same number held (public), other cards
        p["relics"] = [rng.choice(["tribute", "aegis_shard", "storm_glass"]) for _ in p["relics"]]


@pytest.mark.parametrize("name", SAMPLES)
def test_public_board_ignores_face_down_landmark_identities(name):
    st = cv.state(name)
    names = cv.SEAT_NAMES[name]
    expected = board_png(cv.view_of(st), names)
    rng = random.Random(name)
    any_swap = False
    for _ in range(3):
        other = copy.deepcopy(st)
        any_swap |= _swap_face_down_identities(other, rng)
        assert cv.view_of(other) == cv.view_of(st)
        assert board_png(cv.view_of(other), names) == expected
    if name in ("opening", "onslaught", "four_player"):
        assert any_swap, "the sample must have swappable face-down landmarks"


@pytest.mark.parametrize("name", ["onslaught", "teams", "four_player", "prep"])
def test_public_board_ignores_stacks_groups_and_relics(name):
    st = cv.state(name)
    names = cv.SEAT_NAMES[name]
    expected = board_png(cv.view_of(st), names)
    rng = random.Random(7)
    for _ in range(3):
        other = copy.deepcopy(st)
        _change_private_stacks(other, rng)
        # the change is real (some seat's own view sees it) but not public
        assert any(cv.view_of(other, s) != cv.view_of(st, s) for s in range(st["seats"]))
        assert cv.view_of(other) == cv.view_of(st)
        assert board_png(cv.view_of(other), names) == expected


@pytest.mark.parametrize("name", ["opening", "prep", "teams"])
def test_the_board_refuses_a_seats_own_view(name):
    """Hiding is decided once, by the engine: the board is drawn from the public view only."""
    for seat in range(cv.view(name)["seats"]):
        with pytest.raises(ValueError):
            board_png(cv.view(name, seat), cv.SEAT_NAMES[name])


def test_the_engines_public_view_carries_no_private_field():
    for name in SAMPLES:
        pv = cv.view(name)
        assert pv["viewer"] is None
        assert all("relics" not in p and "policy" not in p for p in pv["players"])
        assert all("members" not in u for u in pv["units"])
        assert all("entries" not in s and "members" not in (s["top"] or {}) for s in pv["stacks"])
        assert all(set(lm) == {"id", "pos", "back", "revealed"} for lm in pv["landmarks"] if not lm["revealed"])
        assert "peek" not in (pv.get("turn") or {})
        assert not {"own", "earlier"} & set(pv.get("prep") or {})


def test_private_panel_of_another_seat_uses_only_public_information():
    """A view for seat 1 rendered as seat 0's panel must not show seat 1's secrets
    (they are not seat 0's), so it equals the panel drawn from the public view."""
    for name in ("teams", "prep", "peek", "onslaught"):
        n = cv.view(name)["seats"]
        public = cv.view(name)
        for viewer in range(n):
            view = cv.view(name, viewer)
            for seat in range(n):
                if seat != viewer:
                    assert private_png(view, seat, []) == private_png(public, seat, [])
