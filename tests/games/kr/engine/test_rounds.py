"""The round machine (engine/kr/rounds.py) through the game contract: KR-RND-1..3, KR-ACT-1..5,
KR-BUY-2..6 with the phase-6 proposal flow (rules "Information and decisions"), KR-SOLO-3..5,
KR-AMB-46/48, KR-END-1..4."""
from __future__ import annotations

import copy

import pytest

from engine.base import IllegalAction
from engine.kr import rounds
from engine.kr.content import HORDES
from engine.kr.game import GAME
from engine.kr.state import geo
from tests.games.kr.engine.kr_phase_fixtures import cover_all, tray

PORTAL = next(h for h, c in HORDES.items() if c["kind"] == "portal" and c.get("portal_level", 1) <= 1)


def fresh(seats: int = 2, **opts) -> dict:
    return GAME.setup(seats, opts, 3)


def play(st: dict, seat: int, action: dict | str) -> tuple[dict, list]:
    return GAME.apply(st, seat, action)


def refused(st: dict, seat: int, action: dict | str, reason: str) -> IllegalAction:
    before = copy.deepcopy(st)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, seat, action)
    assert info.value.code == f"kr.err.{reason}", info.value.message
    assert st == before
    return info.value


def all_done(st: dict) -> tuple[dict, list]:
    events: list = []
    for seat in rounds.waiting(st):
        st, evs = play(st, seat, "done")
        events += evs
    return st, events


def cleared(st: dict) -> dict:
    """The map emptied and the decks too (nothing spawns)."""
    st = copy.deepcopy(st)
    st["trays"] = {}
    st["decks"] = {k: [] for k in st["decks"]}
    return st


# --- KR-RND ---------------------------------------------------------------------------------------

def test_round_one_starts_in_phase_two_without_summoning():
    """KR-RND-2: round 1 skips phase 1: the initial hordes only, the decks untouched."""
    st = fresh()
    assert (st["round"], st["phase"]) == (1, 2)
    assert [t["card"] for t in st["trays"].values()] == ["goblin_scouts"]
    assert [p.kind for p in GAME.prompts(st)] == ["simultaneous", "simultaneous"]


def test_later_rounds_summon_automatically_then_phase_two():
    """KR-RND-1: phases 3-5 run when everyone is done, then phase 6; the next round's phase 1
    (summon) runs by itself and phase 2 waits for the players again."""
    st = fresh()
    deck = len(st["decks"]["1"])
    st, events = all_done(st)
    assert st["phase"] == 6 and st["round"] == 1
    kinds = [e.kind for e in events]
    assert "phase_end" in kinds and "round_end" not in kinds
    st, events = all_done(st)
    assert (st["round"], st["phase"]) == (2, 2)
    assert len(st["decks"]["1"]) == deck - 1
    assert "spawn" in [e.kind for e in events] and "round_start" in [e.kind for e in events]
    assert all(not s["done"] for s in st["seats"])


def test_phase_two_ends_only_when_every_seat_is_done():
    """KR-ACT-2/5: seats act in any order; a seat that is done takes no further action."""
    st = fresh()
    st, _ = play(st, 1, "done")
    assert st["phase"] == 2 and [p.seat for p in GAME.prompts(st)] == [0]
    refused(st, 1, "done", "already_done")
    assert GAME.legal_actions(st, 1) == []
    build = next(a for a in GAME.legal_actions(st, 0) if a["type"] == "build")
    st, _ = play(st, 0, build)            # seat 0 still acts after seat 1 is done
    assert st["phase"] == 2
    st, _ = play(st, 0, "done")
    assert st["phase"] == 6


def test_revival_at_the_start_of_phase_two():
    """KR-ACT-1, KR-AMB-46: a knocked-out hero is revived automatically at the next phase 2."""
    st = fresh()
    hero = st["seats"][0]["hero"]
    st["heroes"][hero].update(knocked_out=True, health=0)
    st, _ = all_done(st)
    st, events = all_done(st)
    assert st["heroes"][hero]["knocked_out"] is False
    assert st["heroes"][hero]["health"] == st["heroes"][hero]["max"]
    assert "hero_revived" in [e.kind for e in events]


# --- phase 6: proposals -----------------------------------------------------------------------------

def phase6(crystals: int = 5) -> dict:
    st, _ = all_done(fresh())
    st["crystals"] = crystals
    return st


def test_proposal_approved_by_all_is_bought():
    """KR-BUY-2..4: the proposer approves; the others approve; bought when all are done."""
    st = phase6()
    hand = list(st["seats"][1]["hand"])
    st, _ = play(st, 0, "propose archer_1>2+mage_1>1")
    p = st["proposals"][0]
    assert p["seat"] == 0 and p["approved"] == [0] and p["buys"] == [["archer_1", 1], ["mage_1", 0]]
    st, _ = play(st, 1, "approve")
    refused(st, 1, "approve", "already_approved")
    st, _ = play(st, 1, "done")
    assert st["phase"] == 6
    st, events = play(st, 0, "done")
    assert st["round"] == 2 and st["crystals"] <= 12
    assert [e.params["card"] for e in events if e.kind == "tower_bought"] == ["archer_1", "mage_1"]
    assert "archer_1" in st["seats"][1]["hand"] and len(st["seats"][1]["hand"]) >= len(hand) + 1


def test_done_approves_and_no_proposal_saves_crystals():
    """Decision table: with no proposal crystals are saved; ``done`` approves the proposal."""
    st = phase6(5)
    st, events = all_done(st)
    assert "crystals_saved" in [e.kind for e in events] and st["round"] == 2
    st = phase6(5)
    st, _ = play(st, 1, "propose archer_1>1")
    st, _ = play(st, 0, "done")
    assert st["proposals"] and st["proposals"][0]["approved"] == [0, 1]
    st, events = play(st, 1, "done")
    assert [e.kind for e in events].count("tower_bought") == 1


def test_object_withdraws_and_new_proposal_asks_again():
    """A new proposal replaces the old one, resets approvals and asks the others again; an
    objection withdraws it (crystals saved unless another is made: here both seats have made
    their one proposal of the phase)."""
    st = phase6(5)
    st, _ = play(st, 1, "done")
    st, _ = play(st, 0, "propose archer_1>1")
    assert not st["seats"][1]["done"]                 # seat 1 is asked again
    st, _ = play(st, 1, "propose mage_1>2")
    assert st["proposals"][0]["approved"] == [1] and st["proposals"][0]["seat"] == 1
    st, _ = play(st, 0, "object")
    assert st["proposals"] == []
    refused(st, 1, "approve", "no_proposal")
    refused(st, 1, "object", "no_proposal")
    st, events = all_done(st)
    assert "tower_bought" not in [e.kind for e in events] and st["crystals"] == 5


def test_one_proposal_per_seat_and_phase():
    """The designed limit (rounds.py, docs/kr/engine.md "Phase 6"): each seat makes at most
    one proposal per phase 6, even after it was withdrawn; the others still may."""
    st = phase6(5)
    st, _ = play(st, 0, "propose archer_1>1")
    refused(st, 0, "propose mage_1>2", "already_proposed")
    st, _ = play(st, 1, "object")
    refused(st, 0, "propose mage_1>2", "already_proposed")
    assert all(a["type"] != "propose" for a in GAME.legal_actions(st, 0))
    assert GAME.bot_action(st, 0) == {"type": "done"}        # the bot does not try again
    assert any(a["type"] == "propose" for a in GAME.legal_actions(st, 1))
    st, _ = play(st, 1, "propose mage_1>2")
    assert st["proposals"][0]["seat"] == 1 and not st["seats"][0]["done"]
    refused(st, 1, "propose archer_1>1", "already_proposed")


def test_propose_and_object_cannot_go_round_in_circles():
    """Two seats proposing and objecting in turn run out of proposals: only ``done`` is left,
    and with no proposal standing the crystals are saved (decision table)."""
    st = phase6(5)
    st, _ = play(st, 0, "propose archer_1>1")
    st, _ = play(st, 1, "object")
    st, _ = play(st, 1, "propose mage_1>2")
    st, _ = play(st, 0, "object")
    for seat in (0, 1):
        assert [a["type"] for a in GAME.legal_actions(st, seat)] == ["done"]
    st, events = all_done(st)
    assert "tower_bought" not in [e.kind for e in events] and st["crystals"] == 5 and st["round"] == 2


def test_the_limit_starts_again_every_phase_six():
    """A seat that proposed in round 1 may propose again in round 2's phase 6."""
    st = phase6(5)
    st, _ = play(st, 0, "propose archer_1>1")
    st, _ = play(st, 1, "object")
    st, _ = all_done(st)
    assert st["round"] == 2
    while st["phase"] != 6:
        st, _ = all_done(st)
    st["crystals"] = 5
    assert any(a["type"] == "propose" for a in GAME.legal_actions(st, 0))
    st, _ = play(st, 0, "propose archer_1>1")
    assert st["proposals"][0]["seat"] == 0


def test_random_phase_six_ends_within_a_bound():
    """Whatever the listed actions chosen, phase 6 of n seats takes a bounded number of
    decisions: at most n proposals, n objections and the approvals and ``done`` between."""
    import random
    for seats in (2, 3, 4):
        for seed in range(5):
            chooser = random.Random(seed)
            st, _ = all_done(GAME.setup(seats, {}, seed))
            st["crystals"] = 12
            start_round, moves = st["round"], 0
            while st["phase"] == 6 and st["round"] == start_round:
                seat = rounds.waiting(st)[0]
                st, _ = play(st, seat, chooser.choice(GAME.legal_actions(st, seat)))
                moves += 1
            n = seats       # proposals + objections, approvals, done (cleared by each of those)
            assert moves <= 2 * n + n * (n - 1) + n * (2 * n + 1)


def test_proposals_are_checked_when_made():
    """KR-BUY-3..6: unaffordable, L3+ or sold-out purchases are refused at once."""
    st = phase6(2)
    refused(st, 0, "propose archer_2>1", "crystals")
    refused(st, 0, "propose archer_3>1", "not_buyable")
    refused(st, 0, {"type": "propose", "buys": []}, "malformed")
    refused(st, 0, "build archer_1 F2 S", "wrong_phase")


# --- solo exclusion ---------------------------------------------------------------------------------

def test_solo_exclusion_every_round_including_the_first():
    """KR-SOLO-3..5, KR-AMB-48: chosen before anything else in every round; not twice in a
    row; no tower on that colour's sites this round."""
    st = fresh(1)
    assert rounds.exclusion_due(st)
    assert [(p.kind, p.key) for p in GAME.prompts(st)] == [("turn", "kr.prompt.exclude")]
    assert GAME.legal_actions(st, 0) == [{"type": "exclude", "colour": c} for c in ("red", "blue", "green")]
    refused(st, 0, "done", "exclusion_due")
    refused(st, 0, "exclude yellow", "bad_colour")
    assert GAME.timeout_action(st, 0) == {"type": "exclude", "colour": "red"}
    st, _ = play(st, 0, "exclude red")
    assert not rounds.exclusion_due(st)
    refused(st, 0, "exclude blue", "no_exclusion")
    red = [s.cell for s in geo(st).sites_for(1) if s.colour == "red"]
    st["seats"][0]["hand"].append("archer_1")
    refused(st, 0, f"build archer_1 {red[0]} N", "excluded_colour")
    assert all(a["site"] not in red for a in GAME.legal_actions(st, 0) if a["type"] == "build")
    st, _ = play(st, 0, "done")
    st, _ = play(st, 0, "done")
    assert st["round"] == 2 and st["phase"] == 1 and rounds.exclusion_due(st)
    deck = len(st["decks"]["1"])
    refused(st, 0, "exclude red", "same_colour")
    assert GAME.timeout_action(st, 0) == {"type": "exclude", "colour": "blue"}
    st, events = play(st, 0, "exclude green")
    assert st["phase"] == 2 and len(st["decks"]["1"]) == deck - 1   # summoned after the choice
    assert (st["solo"]["excluded"], st["solo"]["last_excluded"]) == ("green", "red")


# --- victory and defeat -----------------------------------------------------------------------------

def test_victory_only_at_the_end_of_the_round():
    """KR-END-1/2, KR-DES-3: the last portal falls in phase 3; phases 4-6 are still played and
    the players win only after phase 6."""
    st = cleared(fresh())
    st["portals"] = {"total": 1, "destroyed": 0}
    tid = tray(st, PORTAL, "C3")
    cover_all(st, tid)
    st, events = all_done(st)
    assert st["victory_pending"] and st["phase"] == 6
    assert GAME.result(st) is None and GAME.prompts(st)
    st, events = all_done(st)
    r = GAME.result(st)
    assert r is not None and r.winners == [0, 1] and r.reason == "victory_portals"
    assert r.placements == [[0, 1], [2]] and r.figures["portals"] == 1
    assert GAME.prompts(st) == [] and GAME.legal_actions(st, 0) == []
    refused(st, 0, "done", "game_over")


def test_defeat_at_once():
    """KR-END-3, KR-RND-3: the last heart lost in phase 4 ends the game there: no phase 5 or 6."""
    st = cleared(fresh())
    st["hearts"] = 1
    tray(st, "goblin_scouts", geo(st).entry)
    st["seats"][0]["hand"].append("archer_1")
    st, _ = play(st, 1, "done")
    st, events = play(st, 0, "done")
    assert st["phase"] == "over" and st["hearts"] == 0
    assert "tower_returned" not in [e.kind for e in events] and "phase_end" in [e.kind for e in events]
    r = GAME.result(st)
    assert r.winners == [] and r.reason == "kingdom_destroyed" and r.placements == [[2], [0, 1]]
    assert GAME.prompts(st) == []
