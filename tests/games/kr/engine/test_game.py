"""The game contract of engine/kr/game.py (engine.base.Game + concede) on real scenarios:
KR-GEN-1 (co-operative result), KR-RND-1..3, KR-ACT-2..5 (simultaneous play, KR-ACT-3 atomic
actions checked on arrival), KR-AMB-3 (1-4 players), rules "Information and decisions"
(public view, defaults)."""
from __future__ import annotations

import copy
import json

import pytest

from engine.base import IllegalAction, Prompt
from engine.kr.content import HERO_IDS, SCENARIOS
from engine.kr.game import GAME, KrGame

from tests.games.kr.engine.test_rounds import refused


def bot_game(seats: int, scenario: str, seed: int, limit: int = 1500) -> tuple[dict, list[str]]:
    st = GAME.setup(seats, {"scenario": scenario}, seed)
    log: list[str] = []
    while GAME.result(st) is None and len(log) < limit:
        seat = GAME.prompts(st)[0].seat
        a = GAME.bot_action(st, seat)
        log.append(f"{seat}:{GAME.format_action(a)}")
        st, _ = GAME.apply(st, seat, a)
    return st, log


def test_identity_options_and_seats():
    """KR-AMB-3: 1-4 seats; options with their defaults; a bench only in solo (KR-SOLO-6)."""
    g = KrGame()
    assert (g.id, g.min_seats, g.max_seats) == ("kr", 1, 4)
    sch = g.options_schema()
    assert sch["scenario"]["choices"] == list(SCENARIOS) and sch["scenario"]["default"] == "farrinken_valley"
    assert sch["difficulty"] == {"choices": ["easy", "normal", "hard"], "default": "normal", "headline": True}
    assert [sch[f"hero{i}"]["default"] for i in range(1, 5)] == list(HERO_IDS[:4])
    assert sch["bench"]["multiple"] and sch["bench"]["default"] == []
    assert g.seat_range({}) == (1, 4) and g.seat_range({"bench": ["magnus"]}) == (1, 1)
    st = g.setup(1, {"hero1": "ignus", "bench": "malik+lilith", "difficulty": "hard"}, 5)
    assert st["options"]["heroes"] == ["ignus"] and st["solo"]["bench"] == ["malik", "lilith"]
    assert st["hearts"] == SCENARIOS["farrinken_valley"]["difficulty"]["hard"]["hearts"]
    # a hero asked for twice through the seat options goes to the first free hero (a lobby
    # whose host picked seat 2's default for seat 1 still starts); a list naming one twice does not
    assert g.setup(2, {"hero1": "lilith", "hero2": "lilith"}, 1)["options"]["heroes"] == ["lilith", "alleria"]
    for bad in ({"heroes": ["lilith", "lilith"]}, {"bench": ["magnus"]}, {"colour": "red"},
                {"scenario": "nowhere"}, {"hero1": "nobody"}):
        with pytest.raises(IllegalAction) as info:
            g.setup(2, bad, 1)
        assert info.value.code == "kr.err.bad_options"


def test_whole_game_by_bots_reaches_a_result_and_is_deterministic():
    """KR-RND-3, KR-GEN-1: scenario 1 played by the bot for 2 seats ends; the same seed
    replays the same game."""
    st, log = bot_game(2, "farrinken_valley", 11)
    r = GAME.result(st)
    assert r is not None and r.reason in ("victory_portals", "kingdom_destroyed", "portal_reached_kingdom")
    assert r.winners in ([0, 1], [])
    assert set(r.figures) == {"rounds", "hearts", "crystals", "portals", "portals_total"}
    st2, log2 = bot_game(2, "farrinken_valley", 11)
    assert log2 == log and st2 == st


def test_json_round_trip_and_apply_on_the_copy():
    st = GAME.setup(3, {"scenario": "hyena_crossing"}, 2)
    for _ in range(6):
        seat = GAME.prompts(st)[0].seat
        st, _ = GAME.apply(st, seat, GAME.bot_action(st, seat))
    again = json.loads(json.dumps(st))
    assert again == st
    seat = GAME.prompts(again)[0].seat
    assert GAME.apply(again, seat, "done")[0] == GAME.apply(st, seat, "done")[0]


def test_refusals_change_nothing():
    st = GAME.setup(2, {}, 1)
    refused(st, 0, {"type": "build", "card": "mage_4a", "site": "F2", "facing": "N", "attacks": [[]]}, "not_in_hand")
    refused(st, 0, {"type": "build", "card": "archer_1", "site": "A4", "facing": "N", "attacks": [[]]},
            "not_your_site")
    refused(st, 0, {"type": "pass", "card": "archer_1", "to": 0, "variant": None}, "pass_to_self")
    refused(st, 0, "approve", "wrong_phase")
    refused(st, 0, {"type": "fly"}, "bad_action")
    refused(st, 0, ["done"], "bad_action")
    refused(st, 0, "build archer_1 F2", "bad_notation")
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, 2, "done")
    assert info.value.code == "kr.err.bad_seat"


@pytest.mark.parametrize("scenario,seats,seed", [("farrinken_valley", 2, 1), ("goblin_woods", 1, 4),
                                                 ("ogre_ford", 3, 2), ("twin_gates", 4, 9)])
def test_every_listed_action_applies(scenario: str, seats: int, seed: int):
    """docs/kr/engine.md "Actions": every listed action is complete and legal."""
    st = GAME.setup(seats, {"scenario": scenario}, seed)
    for step in range(40):
        if GAME.result(st) is not None:
            break
        prompts = GAME.prompts(st)
        seat = prompts[step % len(prompts)].seat
        if step % 4 == 0:
            for a in GAME.legal_actions(st, seat):
                GAME.apply(st, seat, a)
        st, _ = GAME.apply(st, seat, GAME.bot_action(st, seat))


def test_prompts_and_defaults():
    """KR-ACT-2: phase 2 and phase 6 prompt every seat not done, simultaneously; the decision
    table's defaults: done (phase 2), done = approve (phase 6)."""
    st = GAME.setup(2, {}, 1)
    assert GAME.prompts(st) == [Prompt(0, "simultaneous", "kr.prompt.actions", {"round": 1}),
                                Prompt(1, "simultaneous", "kr.prompt.actions", {"round": 1})]
    assert GAME.timeout_action(st, 0) == {"type": "done"} == GAME.continue_action(st, 0)
    st, _ = GAME.apply(st, 0, "done")
    assert GAME.continue_action(st, 0) is None
    with pytest.raises(IllegalAction):
        GAME.timeout_action(st, 0)
    st, _ = GAME.apply(st, 1, "done")
    st, _ = GAME.apply(st, 1, "propose archer_1>1")
    prompts = GAME.prompts(st)
    assert [p.key for p in prompts] == ["kr.prompt.purchase"] * 2
    assert prompts[0].params["proposal"] == "propose archer_1>1"
    assert {"type": "approve"} in GAME.legal_actions(st, 0) and {"type": "object"} in GAME.legal_actions(st, 0)
    assert GAME.timeout_action(st, 0) == {"type": "done"}


def test_simultaneous_play_rechecks_on_arrival():
    """KR-ACT-3 and "Information and decisions": a build listed for seat B may be made illegal
    by seat A's build; B's command is then refused with its reason and changes nothing."""
    st = GAME.setup(2, {}, 1)
    b_builds = [a for a in GAME.legal_actions(st, 1) if a["type"] == "build"]
    found = None
    for a in (x for x in GAME.legal_actions(st, 0) if x["type"] == "build"):
        after, _ = GAME.apply(st, 0, a)
        for b in b_builds:
            try:
                GAME.apply(after, 1, b)
            except IllegalAction as e:
                found = (after, b, e)
                break
        if found:
            break
    assert found is not None
    after, b, e = found
    assert e.code.startswith("kr.err.") and e.message
    refused(after, 1, b, e.code.split(".")[-1])
    assert b not in GAME.legal_actions(after, 1)


def test_view_is_public_and_hides_only_the_decks():
    """docs/kr/engine.md "The public view": no rng; decks as count and top card's crystals."""
    st = GAME.setup(2, {}, 1)
    v = GAME.view(st, 0)
    assert "rng" not in v and v == GAME.view(st, None) == GAME.view(st, 1)
    assert v["decks"]["1"]["count"] == len(st["decks"]["1"]) and isinstance(v["decks"]["1"]["top_crystals"], int)
    assert v["ghost_deck"] == {"count": len(st["ghost_deck"])}
    assert v["seats"] == st["seats"] and v["trays"] == st["trays"]
    json.dumps(v)


def test_concede_is_a_shared_defeat():
    """KR-GEN-1: the team loses together."""
    st = GAME.setup(3, {}, 1)
    new, events = GAME.concede(st, 1, "resigned")
    r = GAME.result(new)
    assert r.winners == [] and r.placements == [[3], [0, 1, 2]] and r.reason == "resigned"
    assert [e.kind for e in events] == ["game_over"] and GAME.result(st) is None
    with pytest.raises(IllegalAction):
        GAME.concede(new, 0, "resigned")


def test_log_is_public_and_action_info():
    st = GAME.setup(2, {}, 1)
    text = "build archer_1 F2 S t1:c2+c3"
    assert GAME.log_text(st, 0, 1, text) == text and GAME.log_text(st, 0, None, text) == text
    assert not GAME.log_hidden(text) and not GAME.log_hidden("propose archer_1>2")
    info = GAME.action_info(text)
    assert (info.verb, info.command, info.head, info.rest, info.subject) == (
        "build", "build", "build archer_1", "F2 S t1:c2+c3", "archer_1")
    assert GAME.action_info("done").continues and not GAME.action_info("approve").continues
    assert copy.deepcopy(GAME.action_info("pass archer_1 to 2").args) == ("archer_1", "2")   # /kr pass card to
    assert info.args == ("archer_1", "F2", "S", "t1:c2+c3") and info.kinds == ("card", "site", "facing", "placements")


def test_a_seat_done_for_the_phase_is_told_so():
    """KR-ACT-5: a seat that is done waits for its team-mates; asked why it may not act, the
    engine says so (the host refuses unprompted seats before ``apply``)."""
    st = GAME.setup(2, {}, 1)
    assert GAME.why_waiting(st, 0) is None and GAME.why_waiting(st, 1) is None
    st, _ = GAME.apply(st, 0, "done")
    assert GAME.why_waiting(st, 0).code == "kr.err.already_done" and GAME.why_waiting(st, 1) is None
