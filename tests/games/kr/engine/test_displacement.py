"""The owner chooses where a displaced hero goes, among every legal square, asked when it
happens (KR-SPN-7, KR-ICN-9, KR-ICN-14, KR-AMB-17, KR-AMB-61; engine/kr/displacement.py).

The example of issue 20: Lilith on A3 of Farrinken Valley, a horde spawning there, may go to
B3 (the road), B2 (a red site) or A4 (her own blue site); the standing orders give B3, B3, B2,
so only the question reaches A4."""
from __future__ import annotations

import json

import pytest
from tests.games.kr.engine.kr_phase_fixtures import bare, cover_all, engage, kinds, stand, tray

from engine.base import IllegalAction
from engine.kr import GAME, rounds
from engine.kr.state import geo

LILITH = 1          # seat of Lilith in bare(..., ["alleria", "lilith"])


def spawning(cards=("goblin_band",), heroes=("alleria", "lilith"), at="A3", figure="lilith") -> dict:
    """Round 2 about to spawn ``cards`` from marker 1 (onto A3, then along the road) with
    ``figure`` standing on ``at``."""
    st = bare("farrinken_valley", list(heroes))
    st["round"], st["phase"] = 2, 1
    st["decks"]["1"] = list(cards)
    st["waves"] = {"1": len(cards)}
    stand(st, figure, at)
    return st


def machine(st: dict) -> list:
    """The round machine from here (what ``GAME.apply`` runs after every action)."""
    events: list = []
    rounds.step(st, events)
    return events


def answer(st: dict, seat: int, text: str) -> tuple[dict, list]:
    st, events = GAME.apply(st, seat, text)
    return st, events


def cells(st: dict) -> dict[str, str]:
    return {t["cell"]: t["card"] for t in st["trays"].values()}


# --- the question --------------------------------------------------------------------------

def test_KR_SPN_7_KR_AMB_61_lilith_on_a3_may_go_to_b3_b2_or_a4():
    st = spawning()
    ev = machine(st)
    assert kinds(ev) == ["displacement_asked"] and st["phase"] == 1
    assert st["heroes"]["lilith"]["cell"] == "A3" and st["trays"] == {}   # stopped before the spawn
    [prompt] = GAME.prompts(st)
    assert (prompt.seat, prompt.kind, prompt.key) == (LILITH, "turn", "kr.prompt.displace")
    assert prompt.params["squares"] == "B3 B2 A4" and prompt.params["cause"] == "spawn"
    legal = [GAME.format_action(a) for a in GAME.legal_actions(st, LILITH)]
    assert legal == ["displace lilith B3", "displace lilith B2", "displace lilith A4"]
    assert GAME.legal_actions(st, 0) == []
    for square in ("B3", "B2", "A4"):
        after, events = answer(st, LILITH, f"displace lilith {square}")
        assert after["heroes"]["lilith"]["cell"] == square and "displacement" not in after
        assert cells(after) == {"A3": "goblin_band"} and after["phase"] == 2
        assert kinds(events)[:2] == ["hero_displaced", "spawn"]
        assert events[0].params == {"figure": "lilith", "cell": "A3", "to": square, "cause": "spawn"}


def test_KR_AMB_61_a4_her_own_site_is_reachable_only_by_asking():
    """The standing orders never give A4 (exit B3, away B3, site B2)."""
    geo_ = geo(spawning())
    assert geo_.is_site("A4") and geo_.sites["A4"].colour == "blue"
    for preference, square in (("exit", "B3"), ("away", "B3"), ("site", "B2")):
        st = spawning()
        st["seats"][LILITH]["displace"] = preference
        ev = machine(st)
        assert "displacement_asked" not in kinds(ev) and st["heroes"]["lilith"]["cell"] == square


def test_KR_AMB_61_one_square_only_is_not_a_question():
    st = spawning()
    tray(st, "goblin_scouts", "B3")                  # the road is taken: ...
    st["sites"]["B2"] = [{"card": "archer_1", "seat": 0, "facing": "N", "face_down": False}]   # ... and B2
    ev = machine(st)
    assert "displacement_asked" not in kinds(ev) and st["heroes"]["lilith"]["cell"] == "A4"


def test_KR_AMB_61_only_the_owner_answers_and_only_with_a_listed_square():
    st = spawning()
    machine(st)
    refusals = [(0, "displace lilith B3", "kr.err.not_your_displacement"),
                (LILITH, "displace lilith C3", "kr.err.bad_displacement"),
                (LILITH, "displace alleria B3", "kr.err.wrong_figure"),
                (LILITH, "done", "kr.err.displacement_due"),
                (0, "done", "kr.err.displacement_due")]
    for seat, text, code in refusals:
        with pytest.raises(IllegalAction) as info:
            GAME.apply(st, seat, text)
        assert info.value.code == code, text
    assert GAME.continue_action(st, LILITH) is None


# --- the phase goes on ---------------------------------------------------------------------

def test_KR_SPN_7_the_next_spawn_may_push_the_same_hero_again():
    """Two cards from marker 1: Lilith chose B3, the second card spawns on B3 (the first free
    square, KR-SPN-5) and she is asked again; nothing is told twice."""
    st = spawning(cards=("goblin_band", "goblin_scouts"))
    machine(st)
    first = GAME.prompts(st)[0].params["decision"]
    st, ev = answer(st, LILITH, "displace lilith B3")
    assert kinds(ev) == ["hero_displaced", "spawn", "displacement_asked"]
    [prompt] = GAME.prompts(st)
    assert prompt.params["cell"] == "B3" and prompt.params["decision"] != first
    squares = prompt.params["squares"].split()
    assert "A3" not in squares and len(squares) > 1
    st, ev = answer(st, LILITH, f"displace lilith {squares[-1]}")
    assert kinds(ev)[:2] == ["hero_displaced", "spawn"] and "displacement_asked" not in kinds(ev)
    assert ev[0].params["cell"] == "B3" and ev[0].params["to"] == squares[-1]
    assert cells(st) == {"A3": "goblin_band", "B3": "goblin_scouts"} and st["phase"] == 2
    assert st["heroes"]["lilith"]["cell"] == squares[-1]


def test_KR_AMB_61_two_owners_are_asked_in_turn_in_one_phase():
    """Two spawn points, a hero of each seat on its spawn square: each owner in the order of
    the spawns (KR-SPN-1)."""
    st = bare("hyena_crossing", ["alleria", "lilith"])
    st["round"], st["phase"] = 2, 1
    st["decks"] = {"1": ["goblin_band"], "2": ["orc_patrol"]}
    g = geo(st)
    first, second = g.spawn_square(1, []), g.spawn_square(2, [])
    stand(st, "alleria", first)
    stand(st, "lilith", second)
    assert len(g.displacement_squares(first, [], [])) > 1 and len(g.displacement_squares(second, [], [])) > 1
    machine(st)
    assert [p.seat for p in GAME.prompts(st)] == [0]
    st, ev = answer(st, 0, GAME.format_action(GAME.legal_actions(st, 0)[-1]))
    assert kinds(ev) == ["hero_displaced", "spawn", "displacement_asked"]
    assert [p.seat for p in GAME.prompts(st)] == [LILITH]
    st, ev = answer(st, LILITH, GAME.format_action(GAME.legal_actions(st, LILITH)[-1]))
    assert kinds(ev)[:2] == ["hero_displaced", "spawn"] and st["phase"] == 2
    assert set(cells(st)) == {first, second}


def test_KR_ICN_14_a_ghost_asks_the_owner_then_phases_4_and_5_follow():
    st = bare("haunted_marsh", ["alleria", "lilith"])
    a = tray(st, "haunted_column", "H5")
    engage(st, "lilith", a, (0, 1))
    cover_all(st, a)
    for s in st["seats"]:
        s["done"] = True
    ev = machine(st)
    assert kinds(ev)[-1] == "displacement_asked" and st["phase"] == 3
    d = GAME.prompts(st)[0].params
    assert (d["cause"], d["cell"]) == ("ghost", "H5") and "ghost_spawn" not in kinds(ev)
    last = d["squares"].split()[-1]
    st, ev = answer(st, LILITH, f"displace lilith {last}")
    assert kinds(ev)[:2] == ["hero_displaced", "ghost_spawn"] and "tray_destroyed" not in kinds(ev)
    assert st["heroes"]["lilith"]["cell"] == last and st["phase"] == 6


def test_KR_ICN_9_a_flying_horde_asks_the_owner_of_an_engaged_hero():
    st = bare("farrinken_valley", ["alleria", "lilith"])
    bats = tray(st, "bat_swarm", "D3")
    engage(st, "lilith", bats, (2, 2))
    for s in st["seats"]:
        s["done"] = True
    ev = machine(st)
    d = GAME.prompts(st)[0].params
    assert kinds(ev)[-1] == "displacement_asked" and d["cause"] == "flying" and st["phase"] == 4
    squares = d["squares"].split()
    st, ev = answer(st, LILITH, f"displace lilith {squares[-1]}")
    assert ev[0].kind == "hero_displaced" and ev[0].params["to"] == squares[-1]
    assert "tray_moved" in kinds(ev) and st["phase"] == 6


def test_KR_AMB_17_an_advancing_horde_asks_the_owner():
    st = bare("farrinken_valley", ["alleria", "lilith"])
    a = tray(st, "goblin_band", "C3")
    stand(st, "lilith", "D3")
    for s in st["seats"]:
        s["done"] = True
    ev = machine(st)
    d = GAME.prompts(st)[0].params
    assert d["cause"] == "advance" and d["cell"] == "D3" and st["trays"][a]["cell"] == "C3"
    squares = d["squares"].split()
    assert squares[0] == "E3" and len(squares) > 1        # nearest the exit first
    st, ev = answer(st, LILITH, f"displace lilith {squares[-1]}")
    assert st["trays"][a]["cell"] == "D3" and st["heroes"]["lilith"]["cell"] == squares[-1]
    assert kinds(ev)[:2] == ["hero_displaced", "tray_moved"]


def test_KR_ICN_14_KR_AMB_17_two_questions_in_phases_3_and_4_each_told_once():
    """A ghost pushes Lilith (phase 3), then a horde advances onto Alleria (phase 4): both
    owners are asked in the rules' order and the events before each question are told once."""
    st = bare("haunted_marsh", ["alleria", "lilith"])
    a = tray(st, "haunted_column", "H5")
    engage(st, "lilith", a, (0, 1))
    cover_all(st, a)
    band = tray(st, "goblin_band", "B3")
    stand(st, "alleria", "C3")
    for s in st["seats"]:
        s["done"] = True
    told = machine(st)
    assert GAME.prompts(st)[0].seat == LILITH and GAME.prompts(st)[0].params["cause"] == "ghost"
    st, ev = answer(st, LILITH, "displace lilith I4")
    told += ev
    [prompt] = GAME.prompts(st)
    assert (prompt.seat, prompt.params["cause"], prompt.params["cell"]) == (0, "advance", "C3")
    assert st["phase"] == 4 and st["trays"][band]["cell"] == "B3"
    st, ev = answer(st, 0, "displace alleria D2")
    told += ev
    assert st["phase"] == 6 and st["trays"][band]["cell"] == "C3"
    assert (st["heroes"]["lilith"]["cell"], st["heroes"]["alleria"]["cell"]) == ("I4", "D2")
    counts = {k: kinds(told).count(k) for k in ("tray_destroyed", "ghost_spawn", "hero_displaced",
                                                 "displacement_asked", "phase_end")}
    assert counts == {"tray_destroyed": 1, "ghost_spawn": 1, "hero_displaced": 2, "displacement_asked": 2,
                      "phase_end": 1}
    moves = [(e.params["tray"], e.params["cell"], e.params["to"]) for e in told if e.kind == "tray_moved"]
    assert (band, "B3", "C3") in moves and len(moves) == len(set(moves))


# --- defaults, preferences, bots -----------------------------------------------------------

def test_KR_AMB_61_the_deadline_and_the_bot_apply_the_standing_order():
    st = spawning()
    machine(st)
    assert GAME.timeout_action(st, LILITH) == {"type": "displace", "figure": "lilith", "to": "B3"}   # ask: exit's
    st["seats"][LILITH]["displace"] = "site"            # set while the question waits
    assert GAME.timeout_action(st, LILITH)["to"] == "B2"
    assert GAME.bot_action(st, LILITH)["to"] == "B2"


def test_KR_AMB_61_an_automatic_preference_set_while_asked_answers_at_once():
    st = spawning()
    machine(st)
    st, ev = answer(st, LILITH, "pol displace site")
    assert kinds(ev)[:3] == ["displace_preference", "hero_displaced", "spawn"]
    assert st["heroes"]["lilith"]["cell"] == "B2" and st["phase"] == 2


def test_KR_AMB_61_a_team_mates_preference_changes_nothing_already_decided():
    """Alleria's seat asked away while Lilith's question waits: Alleria's earlier automatic
    displacement (marker 1, exit) is replayed as it was made."""
    st = bare("hyena_crossing", ["alleria", "lilith"])
    st["round"], st["phase"] = 2, 1
    st["decks"] = {"1": ["goblin_band"], "2": ["orc_patrol"]}
    g = geo(st)
    first, second = g.spawn_square(1, []), g.spawn_square(2, [])
    st["seats"][0]["displace"] = "exit"
    stand(st, "alleria", first)
    stand(st, "lilith", second)
    machine(st)
    went = st["heroes"]["alleria"]["cell"]
    st, ev = answer(st, 0, "pol displace away")
    assert kinds(ev) == ["displace_preference"] and GAME.prompts(st)[0].seat == LILITH
    st, ev = answer(st, LILITH, GAME.format_action(GAME.legal_actions(st, LILITH)[0]))
    assert st["heroes"]["alleria"]["cell"] == went and st["seats"][0]["displace"] == "away"
    assert [e.params["figure"] for e in ev if e.kind == "hero_displaced"] == ["lilith"]


# --- state, view ---------------------------------------------------------------------------

def test_the_waiting_state_survives_json_and_its_view_shows_no_deck():
    st = spawning(cards=("goblin_band", "goblin_scouts"))
    machine(st)
    st = json.loads(json.dumps(st))
    view = GAME.view(st, None)
    assert view["displacement"] == {"figure": "lilith", "seat": LILITH, "cell": "A3",
                                    "squares": ["B3", "B2", "A4"], "cause": "spawn"}
    assert "goblin_band" not in json.dumps(view)         # the deck's next cards stay hidden
    st, _ = answer(st, LILITH, "displace lilith A4")
    assert "displacement" not in GAME.view(st, None) and st["heroes"]["lilith"]["cell"] == "A4"


def test_notation_round_trip():
    a = GAME.parse_action("displace lilith a4")
    assert a == {"type": "displace", "figure": "lilith", "to": "A4"}
    assert GAME.format_action(a) == "displace lilith A4"
    info = GAME.action_info("displace wildcat B3")
    assert (info.command, info.args, info.head) == ("displace", ("wildcat", "B3"), "displace wildcat B3")
