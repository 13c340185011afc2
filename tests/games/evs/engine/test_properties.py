"""Property tests (Hypothesis): random sequences of legal and illegal moves, in several option
sets, keep the invariants: cards are conserved across hand / command zone / discard pile /
battlefield / removed; illegal moves raise IllegalAction and change nothing; states round-trip
through JSON; the public view names no hidden card; replaying the same moves from the same seed
reproduces the state."""
import copy
import json

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from tests.games.evs.engine.evs_helpers import IllegalAction

from engine.evs import GAME, morale_rules, terrain_rules
from engine.evs.content import COMMANDS, UNITS

CONFIGS = [{}, {"advanced": "on"}, {"hands": "pick"}, {"morale": "on"}, {"terrain": "on", "advanced": "on"},
           {"terrain": "on", "morale": "on", "advanced": "on"}]
EXPANSIONS = [{"terrain": "on"}, {"morale": "on"}, {"terrain": "on", "morale": "on"},
              {"terrain": "on", "morale": "on", "advanced": "on"}, {"morale": "on", "advanced": "on", "hands": "pick"}]
MORALE_CARDS = sorted(morale_rules.load())
TERRAIN_CARDS = sorted(terrain_rules.load())
CARDS = sorted(UNITS) + sorted(COMMANDS)
GARBAGE = hs.one_of(
    hs.builds(lambda c, u: f"play {c} u{u} pay advance", hs.sampled_from(CARDS), hs.integers(1, 12)),
    hs.builds(lambda c, cell: f"deploy {c} {cell}", hs.sampled_from(CARDS), hs.sampled_from(["A1", "C3", "G6", "D4"])),
    hs.builds(lambda t, w: f"attack u{t} with u{w}", hs.integers(1, 12), hs.integers(1, 12)),
    hs.builds(lambda c: f"stage {c}", hs.sampled_from(CARDS)),
    hs.builds(lambda c: f"defend u3 {c} pay ride", hs.sampled_from(CARDS + ["general"])),
    hs.sampled_from(["done", "pass", "nodefend", "declare deploy deploy", "declare recall action", "pick standard",
                     "general move u1", "skip u1", "heal u2", "move u1 C4", "", "jump", None, 7,
                     "declare rally action", "rally emp_mutiny pay advance", "rally stp_clan_feud pay ride+scatter",
                     "morale emp_drilled_ranks", "morale stp_battle_cries", "nomorale", "flip", "noflip",
                     "penalty mp", "penalty shake", "penalty cost pay ride", "token 0", "token 3",
                     "place terrain_low_hill C3", "move u1 C3-C4", {"type": "token", "slot": "0"},
                     {"type": "done", "x": 1}, {"type": "play"}, {"type": "move", "uid": "u1", "path": "C4"}]),
    hs.text(max_size=12),
)


def owned(st: dict, seat: int) -> list[str]:
    """Every card of ``seat`` wherever it is (ES-GEN-6)."""
    p = st["players"][seat]
    out = list(p["hand"]) + [z["card"] for z in p["zone"]] + list(p["discard"]) + list(p["units_lost"])
    out += [b["card"] for b in st["battle"] if b["seat"] == seat and not b["general"]]
    out += [u["card"] for u in st["units"].values() if u["seat"] == seat]
    return sorted(out)


def hidden_cards(st: dict) -> set[str]:
    hidden = set()
    for p in st["players"]:
        hidden |= set(p["hand"]) | set(p["discard"])
        hidden |= {z["card"] for z in p["zone"] if not (z["revealed"] or z.get("face_up"))}  # ES-DEP-7
        if p["pick"]:
            hidden |= set(p["pick"]["cards"])
    if st.get("morale"):  # the piles: only their sizes are public
        hidden |= set(st["morale"]["piles"][0]) | set(st["morale"]["piles"][1])
    if st.get("terrain"):  # the terrain deck: face-down
        hidden |= set(st["terrain"]["deck"])
    return hidden


def expansion_cards(st: dict) -> None:
    """Morale cards are conserved across the two piles and the two zones (ES-MX-3..6, ES-MX-14),
    terrain cards across the deck, the battlefield and the drawn card waiting for its cell."""
    m = st.get("morale")
    if m:
        cards = m["piles"][0] + m["piles"][1] + [e["card"] for side in m["seats"] for e in side["zone"]]
        assert sorted(cards) == MORALE_CARDS
        for seat, side in enumerate(m["seats"]):
            assert all(e["pile"] == seat and e["state"] in ("up", "tapped", "flipped") for e in side["zone"])
        assert st["track"] == [side["marker"] for side in m["seats"]]
    t = st.get("terrain")
    if t:
        p = st["pending"]
        waiting = [p["card"]] if p is not None and p["kind"] == "terrain" else []
        assert sorted(t["deck"] + list(t["cells"].values()) + waiting) == TERRAIN_CARDS


def strings(x) -> set[str]:
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(v) for v in x.values())) | set(x) if x else set()
    if isinstance(x, list):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def check(st: dict, pools: dict) -> None:
    assert json.loads(json.dumps(st)) == st
    if st["phase"] not in ("select",):
        for seat in (0, 1):
            got = owned(st, seat)
            assert len(got) == 15
            pools.setdefault(seat, got)
            assert got == pools[seat]  # conserved: the same 15 cards all game long
    expansion_cards(st)
    leaks = hidden_cards(st) & strings(GAME.view(st, None))
    assert not leaks, leaks
    if st["options"]["advanced"] == "on":
        for seat in (0, 1):
            other = st["players"][1 - seat]
            secret = set(other["hand"]) | set(other["discard"]) | {z["card"] for z in other["zone"]
                                                                   if not (z["revealed"] or z.get("face_up"))}
            assert not secret & strings(GAME.view(st, seat))


def play_and_check(config, seed, choices):
    st = GAME.setup(2, config, seed)
    pools: dict = {}
    log = []
    check(st, pools)
    for c in choices:
        if GAME.result(st) is not None:
            break
        ps = GAME.prompts(st)
        seat = ps[0].seat if isinstance(c, int) or not ps else ps[-1].seat
        if isinstance(c, int):
            legal = GAME.legal_actions(st, seat)
            a = legal[c % len(legal)]
            st, _ = GAME.apply(st, seat, a)
            log.append((seat, a))
        else:
            before = copy.deepcopy(st)
            try:
                new, _ = GAME.apply(st, seat, c)
            except IllegalAction:
                assert st == before  # nothing changed
                continue
            st = new
            log.append((seat, c))
        check(st, pools)
    replay = GAME.setup(2, config, seed)
    for seat, a in log:
        replay, _ = GAME.apply(replay, seat, a)
    assert replay == st


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=hs.sampled_from(CONFIGS), seed=hs.integers(0, 10_000),
       choices=hs.lists(hs.one_of(hs.integers(0, 10_000), GARBAGE), min_size=20, max_size=160))
def test_invariants_under_random_play(config, seed, choices):
    play_and_check(config, seed, choices)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=hs.sampled_from(EXPANSIONS), seed=hs.integers(0, 10_000),
       choices=hs.lists(hs.one_of(hs.integers(0, 10_000), hs.integers(0, 10_000), GARBAGE), min_size=60,
                        max_size=400))
def test_invariants_with_the_expansions(config, seed, choices):
    """With terrain and morale on (and the advanced rule): command cards stay 15 per player and
    morale and terrain cards are conserved across piles, zones, deck and battlefield; illegal
    moves change nothing; states round-trip through JSON; the public view names no card of a
    hand, discard pile, unrevealed zone (advanced: not even to the opponent), morale pile or
    terrain deck; the same moves from the same seed replay to the same state."""
    play_and_check(config, seed, choices)


@pytest.mark.slow  # long seeded games: the full suite only
def test_long_random_games_with_both_expansions():
    """The same invariants, checked after every move of long random games with terrain, morale and
    the advanced rule on, which reach every decision the expansions add (terrain penalties,
    mobility flips and their placement, just-drawn offers, Rally, the tokens / heal choices)."""
    import random
    seen = set()
    for seed in (0, 1):
        config = {"terrain": "on", "morale": "on", "advanced": "on"}
        st = GAME.setup(2, config, seed)
        rnd = random.Random(seed)
        pools: dict = {}
        log = []
        for _ in range(1500):
            if GAME.result(st) is not None:
                break
            seat = GAME.prompts(st)[0].seat
            a = rnd.choice(GAME.legal_actions(st, seat))
            seen.add(a["type"])
            st, _ = GAME.apply(st, seat, a)
            log.append((seat, GAME.format_action(a)))
            check(st, pools)
        replay = GAME.setup(2, config, seed)
        for seat, text in log:
            replay, _ = GAME.apply(replay, seat, text)
        assert replay == st
    assert {"penalty", "flip", "noflip", "place", "morale", "nomorale", "rally"} <= seen, seen
