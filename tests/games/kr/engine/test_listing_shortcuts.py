"""The shortcuts that make a phase-2 listing fast (README "Kingdom Rush playouts") give what
the plain code gives: the listing never changes the state it lists (its per-listing indexes
and memos rely on that), ``trays_by_cell`` is ``trays_at`` for every square, a build tried on
``towers._trial_copy`` is judged as on a full copy and leaves the state alone, the hero
suggestions' incremental ``_Scores`` is ``score``, the kept hero paths and reaches are handed
out afresh, and ``Discard`` keeps no event."""
from __future__ import annotations

import functools
import json
import random

from engine.base import IllegalAction
from engine.kr import GAME, bot, hero_suggest
from engine.kr.content import TOWERS
from engine.kr.hero_activation import resolve_hero
from engine.kr.hero_moves import paths_from
from engine.kr.state import Discard, copy_state, ev, geo, trays_at, trays_by_cell
from engine.kr.towers import _build, _trial_copy, build_refusal


@functools.cache
def states() -> tuple[dict, ...]:
    """Positions of random and bot games of 1-4 seats (read only), phase 2 ones included."""
    out = []
    for seats in (1, 2, 3, 4):
        for seed in range(3):
            st, rng = GAME.setup(seats, {}, seed), random.Random(seed)
            for n in range(400):
                if GAME.result(st) is not None:
                    break
                seat = GAME.prompts(st)[0].seat
                if n % 3 == 0:
                    out.append(st)
                legal = GAME.legal_actions(st, seat) if seed % 2 == 0 else []
                action = rng.choice(legal) if legal else GAME.bot_action(st, seat)
                st, _ = GAME.apply(st, seat, action)
    return tuple(out)


def phase2() -> list[dict]:
    return [st for st in states() if st["phase"] == 2]


def test_listing_leaves_the_state_alone():
    for st in states()[::2]:
        before = json.dumps(st, sort_keys=True)
        for p in GAME.prompts(st):
            GAME.legal_actions(st, p.seat)
        assert json.dumps(st, sort_keys=True) == before


def test_trays_by_cell_is_trays_at_everywhere():
    for st in states():
        squares = geo(st).road_squares
        on = trays_by_cell(st)
        assert on == {c: trays_at(st, c) for c in squares if trays_at(st, c)}
        assert trays_by_cell(st, squares[:3]) == {c: trays_at(st, c) for c in squares[:3] if trays_at(st, c)}
    st = copy_state(phase2()[0])                  # two trays on one square: the top one first
    tid, t = next(iter(st["trays"].items()))
    st["trays"]["t99"] = {**t, "layer": t["layer"] + 1}
    assert trays_by_cell(st)[t["cell"]] == trays_at(st, t["cell"]) == ["t99", tid]


def _judged(st: dict, seat: int, action: dict) -> str | None:
    try:
        _build(copy_state(st), seat, action, [])
    except IllegalAction as e:
        return e.code
    return None


def test_a_build_tried_on_the_trial_copy_is_judged_as_on_a_full_copy():
    rng = random.Random(5)
    tried = refused = 0
    for st in phase2():
        before = json.dumps(st, sort_keys=True)
        for seat in range(len(st["seats"])):
            for _value, action in bot.build_suggestions(st, seat) + bot.portal_suggestions(st, seat):
                variants = [action, {**action, "attacks": [[] for _ in action["attacks"]]},
                            {**action, "facing": rng.choice("NESW")}, {**action, "site": "A1"}]
                for a in variants:
                    got = build_refusal(st, seat, a)
                    assert (got.code if got else None) == _judged(st, seat, a)
                    tried += 1
                    refused += got is not None
            for card in sorted(set(st["seats"][seat]["hand"]))[:1]:      # one not offered
                a = {"type": "build", "card": card, "site": "F2", "facing": "S",
                     "attacks": [[] for _ in TOWERS[card]["attacks"]]}
                got = build_refusal(st, seat, a)
                assert (got.code if got else None) == _judged(st, seat, a)
        assert json.dumps(st, sort_keys=True) == before
    assert tried > 50 and 0 < refused < tried
    st = phase2()[0]
    assert _trial_copy(st, 7) == copy_state(st)                        # a seat _build refuses


def test_incremental_scores_are_score():
    checked = 0
    for st in phase2():
        scores = hero_suggest._Scores(st)
        assert scores.before == hero_suggest.score(st)
        for seat in range(len(st["seats"])):
            for action in hero_suggest.suggest_hero_actions(st, seat):
                work = copy_state(st)
                try:
                    resolve_hero(work, seat, json.loads(json.dumps(action)), [])
                except IllegalAction:
                    continue
                assert scores.of(work) == hero_suggest.score(work)
                checked += 1
    assert checked > 20


def test_kept_paths_are_handed_out_afresh():
    st = phase2()[0]
    figure = st["seats"][0]["hero"]
    first = paths_from(st, figure, 3)
    for path in first.values():
        path.append("Z9")
    assert all("Z9" not in p for p in paths_from(st, figure, 3).values())


def test_reach_of_equal_arrows_is_the_same():
    st = phase2()[0]
    g = geo(st)
    arrows = TOWERS["archer_1"]["attacks"][0]["arrows"]
    same = tuple(dict(a) for a in arrows)
    site = next(iter(g.sites))
    for facing in "NESW":
        assert g.reach(site, facing, same) == g.reach(site, facing, arrows) == g.reach(site, facing, list(arrows))


def test_discard_keeps_no_event():
    events = Discard()
    ev(events, "tile_placed", tray="t1")
    events.append("x")
    events.extend(["y"])
    assert events == [] and isinstance(events, list)
