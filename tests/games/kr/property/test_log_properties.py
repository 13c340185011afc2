"""Property tests (Hypothesis) for Kingdom Rush, continued (cases and play in
kr_property_support.py; properties 1-3 in test_kr_properties.py):

4. illegal actions raise ``IllegalAction`` and change nothing (KR-ACT-3, KR-ACT-5, KR-PASS-6/7,
   KR-TWR-2, KR-DMG-1, KR-SOLO-3/5); ``apply`` never changes its input;
5. states round-trip through JSON (and the store's packing) and play on identically;
6. replaying the seed and the log (actions, their notation, ``gamehost.review.replay``)
   reproduces the final state and result.

A failure prints the drawn ``Case`` and the move index: that is the reproduction.
"""
from __future__ import annotations

from collections import Counter
from engine.base import IllegalAction
from engine.kr import GAME
from engine.kr.content import SCENARIOS
from engine.kr.content import TOWERS
from engine.kr.mapgeo import cell_name
from engine.kr.state import geo
from engine.kr.state import grid
from gamehost.registry import normalize_options
from gamehost.review import position_at
from gamehost.review import replay as review_replay
from gamehost.store import LoggedAction
from gamehost.store import MatchRow
from gamehost.store import pack_state
from gamehost.store import unpack_state
from hypothesis import event
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as hs
import json
import random

from tests.games.kr.property.kr_property_support import (SETTINGS, Case, cases, with_required, play, check_covers, census, check_crystals)  # noqa: E402


# --- 4. illegal actions -----------------------------------------------------------------------

MALFORMED = ["", "   ", "build", "build archer_1", "build archer_1 C2", "build archer_1 C2 Q",
             "build archer_1 C2 N t1:zz9", "build archer_1 C2 N t1:a1+", "build archer_1 C2 N tx:a1",
             "pass", "pass archer_1", "pass archer_1 to", "pass archer_1 to 5", "pass archer_1 to 0",
             "pass archer_1 2", "hero", "hero alleria", "hero alleria face Q basic", "hero alleria face N fly",
             "hero alleria face N basic choice {", "spell", "spell rain_of_fire t1:", "propose",
             "propose archer_1", "propose archer_1>5", "exclude", "exclude red blue", "done now",
             "approve it", "object 2", "t1:a1", "bulid archer_1 C2 N", "{}", "done done"]
NOT_ACTIONS = [None, 7, 2.5, [], {}, {"type": 5}, {"type": "fly"}, {"kind": "done"}, ["done"]]
WORDS = ["build", "pass", "hero", "spell", "done", "propose", "approve", "object", "exclude", "to", "face",
         "path", "engage", "basic", "ability", "recover", "none", "archer_1", "mage_2", "barracks_1",
         "artillery_3", "N", "E", "S", "W", "1", "2", "5", "C2", "D4", "t1:a1+b1", "t2:s:b2", "t1#0:a1",
         "red", "blue", "/", "archer_1>1", "alleria", "rain_of_fire", "a", "b"]


def placements_of(action: dict) -> list[dict]:
    if action.get("type") == "build":
        return [p for group in action.get("attacks", []) for p in group]
    return list(action.get("placements") or [])


def _off_card(st: dict, action: dict, rnd: random.Random) -> dict | None:
    """``action`` with one placement (or the hero base) moved off its horde card (KR-DMG-1)."""
    a = json.loads(json.dumps(action))
    spots = [p for p in placements_of(a) if isinstance(p, dict) and p.get("tray") in st["trays"]]
    if a.get("type") == "hero" and a.get("base") is not None and a.get("path"):
        spots.append(None)
    if not spots:
        return None
    p = rnd.choice(spots)
    if p is None:                                       # the hero base, end square's tray
        trays = [t for t in st["trays"].values() if t["cell"] == a["path"][-1]]
        w, h = (grid(trays[0]["card"]).width, grid(trays[0]["card"]).height) if trays else (5, 4)
        a["base"] = [w - 1, h - 1] if rnd.random() < 0.5 else [-1, 0]
        return a
    g = grid(st["trays"][p["tray"]]["card"])
    dc, dr = rnd.choice([(g.width, 0), (0, g.height), (-g.width, 0), (0, -g.height)])
    if "cells" in p:
        p["cells"] = [[c + dc, r + dr] for c, r in p["cells"]]
    else:
        p["cell"] = [p["cell"][0] + dc, p["cell"][1] + dr]
    return a


def corruptions(st: dict, rnd: random.Random) -> list[tuple[str, object, object, bool]]:
    """``(label, seat, action, strict)``: moves the state must refuse (``strict``), or that
    are garbage and must be refused or be legal (never crash, never change the state)."""
    n = len(st["seats"])
    prompts = GAME.prompts(st)
    waiting = sorted({p.seat for p in prompts})
    idle = [s for s in range(n) if s not in waiting]
    out: list[tuple[str, object, object, bool]] = []
    seat = rnd.choice(waiting)
    legal = GAME.legal_actions(st, seat)
    some = rnd.choice(legal)
    out.append(("seat_out_of_range", rnd.choice([n, 4, -1, 99, True, "0", None]), some, True))
    for other in idle:                         # KR-ACT-5: a seat that is done takes no action
        out.append(("seat_not_prompted", other, some, True))
        out.append(("done_again", other, "done", True))
    out.append(("malformed_notation", seat, rnd.choice(MALFORMED), True))
    out.append(("not_an_action", seat, rnd.choice(NOT_ACTIONS), True))
    out.append(("garbage_text", seat, " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(1, 6))), False))
    hand = st["seats"][seat]["hand"]
    exclusion = st["options"].get("solo") and st["solo"]["excluded"] is None and st["phase"] in (1, 2)
    sites = {s.cell: s for s in geo(st).sites_for(n)}
    if exclusion:                              # KR-SOLO-3/5: nothing before the colour is chosen
        out.append(("before_exclusion", seat, {"type": "done"}, True))
        out.append(("bad_colour", seat, {"type": "exclude", "colour": rnd.choice(["purple", "yellow", None])}, True))
        if st["solo"]["last_excluded"]:
            out.append(("same_colour", seat, {"type": "exclude", "colour": st["solo"]["last_excluded"]}, True))
    else:
        out.append(("exclude_not_due", seat, {"type": "exclude", "colour": "red"}, True))
    if st["phase"] == 2 and not exclusion:
        card_moves = [a for a in legal if a["type"] in ("build", "pass")]
        missing = [c for c in TOWERS if c not in hand]
        pending = [c for c in st["seats"][seat]["pending"] if c not in hand]
        if missing:                            # KR-PASS-6/7, KR-ACT-2: only cards in hand
            bad = rnd.choice(pending or missing)
            if card_moves:
                a = dict(rnd.choice(card_moves), card=bad)
            else:
                a = {"type": "pass", "card": bad, "to": (seat + 1) % n, "variant": None}
            out.append(("card_not_in_hand", seat, a, True))
        builds = [a for a in legal if a["type"] == "build"]
        if builds:                             # KR-TWR-2: a building site of this game
            a = rnd.choice(builds)
            w, h = map_size(st)
            squares = [cell_name(x, y) for x in range(w) for y in range(h)]
            not_sites = [c for c in squares if c not in sites] + ["Z99", "a1", "", None, 3]
            out.append(("not_a_site", seat, dict(a, site=rnd.choice(not_sites)), True))
            colours = st["seats"][seat]["colours"]
            foreign = [c for c, s in sites.items() if s.colour != "white" and s.colour not in colours]
            if foreign:
                out.append(("other_colour_site", seat, dict(a, site=rnd.choice(foreign)), True))
            out.append(("bad_facing", seat, dict(a, facing=rnd.choice(["Q", "n", None, 0])), True))
        placed = [a for a in legal if a["type"] in ("build", "spell", "hero") and _off_card(st, a, rnd)]
        if placed:
            a = rnd.choice(placed)
            out.append(("off_card", seat, _off_card(st, a, rnd), True))
            b = json.loads(json.dumps(a))
            spots = placements_of(b)
            if spots and isinstance(spots[0], dict):
                spots[0]["tray"] = rnd.choice(["t999", "t0", "x", None])
                out.append(("no_such_tray", seat, b, True))
        out.append(("phase6_in_phase2", seat, rnd.choice([{"type": "approve"}, {"type": "object"},
                                                          {"type": "propose", "buys": [{"card": "archer_1", "to": 0}]}]),
                    True))
    if st["phase"] == 6:
        card = hand[0] if hand else "archer_1"
        site = next(iter(sites))
        out.append(("phase2_in_phase6", seat, rnd.choice([
            {"type": "build", "card": card, "site": site, "facing": "N", "attacks": [[]]},
            {"type": "pass", "card": card, "to": (seat + 1) % n, "variant": None}]), True))
        p = st["proposals"][0] if st["proposals"] else None
        if p is None:
            out.append(("no_proposal", seat, rnd.choice([{"type": "approve"}, {"type": "object"}]), True))
        elif seat in p["approved"]:
            out.append(("already_approved", seat, {"type": "approve"}, True))
        if st["seats"][seat].get("proposed"):
            out.append(("already_proposed", seat, {"type": "propose", "buys": [{"card": "archer_1", "to": seat}]}, True))
        out.append(("unaffordable", seat, {"type": "propose", "buys": [{"card": "archer_1", "to": 0}] * 7}, True))
    return out


def map_size(st: dict) -> tuple[int, int]:
    return tuple(SCENARIOS[st["scenario"]]["map"]["size"])


def check_refused(st: dict, label: str, seat, action, strict: bool, where: str) -> None:
    """``action`` must be refused (``strict``), or be refused or accepted into a state that
    keeps the invariants; either way ``st`` is unchanged."""
    snapshot = json.dumps(st, sort_keys=True)
    try:
        new, _ = GAME.apply(st, seat, action)
    except IllegalAction as e:
        assert e.code.startswith("kr.err."), f"{where}: {label} {action!r}: code {e.code!r}"
    else:
        assert not strict, f"{where}: {label}: seat {seat!r} {action!r} was accepted (KR-ACT-3)"
        event(f"kr illegal: {label} (accepted)")
        what = f"{where}: {label} {action!r} was accepted"
        check_covers(new, what)
        initial = Counter({c: n for c, n in SCENARIOS[st["scenario"]]["supply"].items() if n})
        assert census(new) == initial, f"{what}: tower cards not conserved"
        check_crystals(None, new, what)
    assert json.dumps(st, sort_keys=True) == snapshot, f"{where}: {label} {action!r} changed the state"


def perturbed(st: dict, seat: int, rnd: random.Random) -> list[tuple[str, object, object, bool]]:
    """Listed moves changed a little: refused, or accepted into a state that keeps the
    invariants (``check_refused``); a placement given twice or a pass to the wrong seat is
    always refused (KR-DMG-2, KR-PASS-1, KR-SOLO-9)."""
    out: list[tuple[str, object, object, bool]] = []
    legal = [a for a in GAME.legal_actions(st, seat) if a["type"] in ("build", "spell", "hero", "pass")]
    if not legal:
        return out
    a = json.loads(json.dumps(rnd.choice(legal)))
    spots = [q for q in placements_of(a) if isinstance(q, dict)]
    if spots:
        b = json.loads(json.dumps(a))
        q = rnd.choice([q for q in placements_of(b) if isinstance(q, dict)])
        dc, dr = rnd.choice([(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1)])
        if "cells" in q:
            q["cells"] = [[c + dc, r + dr] for c, r in q["cells"]]
        elif "cell" in q:
            q["cell"] = [q["cell"][0] + dc, q["cell"][1] + dr]
        out.append(("shifted_placement", seat, b, False))
        b = json.loads(json.dumps(a))
        q = rnd.choice([q for q in placements_of(b) if isinstance(q, dict)])
        q["tray"] = rnd.choice(sorted(st["trays"]))
        out.append(("other_tray", seat, b, False))
        b = json.loads(json.dumps(a))
        group = b["attacks"][0] if b["type"] == "build" and b["attacks"][0] else b.get("placements")
        if group:
            group.pop(rnd.randrange(len(group)))
            out.append(("dropped_placement", seat, b, False))
        b = json.loads(json.dumps(a))
        group = next((g for g in (b["attacks"] if b["type"] == "build" else [b.get("placements")]) if g), None)
        if group and isinstance(group[0], dict) and ("cells" in group[0] or "cell" in group[0]):
            group.append(json.loads(json.dumps(group[0])))
            out.append(("placement_twice", seat, b, True))
    if a["type"] in ("build", "hero"):
        out.append(("other_facing", seat, dict(a, facing=rnd.choice(["N", "E", "S", "W"])), False))
    if a["type"] == "hero" and a.get("base") is not None:
        c, r = a["base"]
        out.append(("shifted_base", seat, dict(a, base=[c + rnd.choice([-1, 1]), r]), False))
    if a["type"] == "pass":
        n = len(st["seats"])
        out.append(("pass_to_wrong_seat", seat, dict(a, to=seat if n > 1 else 1), True))
    return out


@settings(max_examples=12, **SETTINGS)
@with_required()
@given(case=cases())
def test_illegal_actions_raise_and_change_nothing(case):
    """KR-ACT-3 (one atomic action, checked against the map as it is): at random moments a
    corrupted or ill-timed action -- a seat out of range or not asked (KR-ACT-5, ``done``
    again), a card not in hand or only pending (KR-PASS-6/7), a square that is not a building
    site here or another colour's site (KR-TWR-2, KR-SOL-11), a bad facing, a placement off
    its horde card (KR-DMG-1) or on no tray, a malformed notation string, a non-action, a
    phase-6 move in phase 2 and vice versa, a second proposal or approval, an unaffordable
    purchase (KR-BUY-3..6), a move before / an exclusion outside the solo colour choice
    (KR-SOLO-3/5) -- raises IllegalAction (code ``kr.err.*``) and leaves the state unchanged
    (compared as JSON). Random word salad must be refused or legal, never crash. Every legal
    move leaves its input state unchanged too, and once the game is over every move is
    refused."""
    stale: list[tuple[int, dict]] = []

    def probe(st, rnd, index):
        where = f"move {index} (phase {st['phase']})"
        if rnd.random() < 0.35:
            options = corruptions(st, rnd)
            for label, seat, action, strict in rnd.sample(options, min(3, len(options))):
                event(f"kr illegal: {label}")
                check_refused(st, label, seat, action, strict, where)
        waiting = [p.seat for p in GAME.prompts(st)]
        if st["phase"] == 2 and rnd.random() < 0.35:
            options = perturbed(st, rnd.choice(waiting), rnd)
            for label, seat, action, strict in rnd.sample(options, min(2, len(options))):
                event(f"kr illegal: {label}")
                check_refused(st, label, seat, action, strict, where)
        # a move listed a few moves ago, arriving late (simultaneous play, KR-ACT-3)
        old = [(seat, a) for seat, a in stale if seat in waiting and a["type"] != "done"]
        if old and rnd.random() < 0.5:
            event("kr illegal: stale")
            seat, action = rnd.choice(old)
            check_refused(st, "stale", seat, action, False, where)
        if st["phase"] == 2:
            seat = rnd.choice(waiting)
            stale.extend((seat, a) for a in GAME.legal_actions(st, seat)[:12])
            del stale[:-40]

    def on_step(before, after, seat, action, index):
        if before is not None:
            assert json.loads(snapshot[0]) == before, f"move {index}: apply changed its input state"
        snapshot[0] = json.dumps(after)

    snapshot = [""]
    st, log = play(case, on_step, probe)
    if GAME.result(st) is not None:
        for seat in range(len(st["seats"])):
            check_refused(st, "game_over", seat, "done", True, "after the end")
        try:
            GAME.concede(st, 0, "resigned")
        except IllegalAction as e:
            assert e.code == "kr.err.game_over"
        else:
            raise AssertionError("a finished game accepted a concession")


# --- 5. JSON round trip -----------------------------------------------------------------------

@settings(max_examples=8, **SETTINGS)
@with_required()
@given(case=cases())
def test_state_round_trips_through_json_and_plays_on_identically(case):
    """``json.loads(json.dumps(state)) == state`` after every move, and a game whose state goes
    through JSON (the store's ``pack_state`` / ``unpack_state``) after every move stays equal to
    the game that never leaves memory: same prompts, legal actions, bot choices, states, events
    and result."""
    a = GAME.setup(case.seats, case.options, case.seed)
    b = unpack_state(pack_state(a))
    rnd = random.Random(case.seed)
    for index in range(case.moves):
        assert json.loads(json.dumps(a)) == a, f"move {index}: the state does not round-trip through JSON"
        assert b == a, f"move {index}: the stored game drifted from the one in memory"
        if GAME.result(a) is not None:
            break
        prompts = GAME.prompts(a)
        assert GAME.prompts(b) == prompts, f"move {index}: prompts differ"
        seat = rnd.choice(prompts).seat
        if rnd.random() < case.mix:
            legal = GAME.legal_actions(a, seat)
            assert GAME.legal_actions(b, seat) == legal, f"move {index}: legal actions differ"
            action = rnd.choice(legal)
        else:
            action = GAME.bot_action(a, seat)
            assert GAME.bot_action(b, seat) == action, f"move {index}: the bot chose differently"
        a, events_a = GAME.apply(a, seat, action)
        b, events_b = GAME.apply(b, seat, json.loads(json.dumps(action)))
        assert events_b == events_a, f"move {index}: events differ"
        b = unpack_state(pack_state(b))
    assert GAME.result(b) == GAME.result(a)


# --- 6. replay from the log -------------------------------------------------------------------

def match_row(case: Case, options: dict, state: dict) -> MatchRow:
    seats = [{"user_id": 1000 + i, "name": f"p{i + 1}", "bot": False} for i in range(case.seats)]
    return MatchRow(id=1, guild_id=None, channel_id=1, game="kr", status="active", creator_id=1000,
                    options=options, seats=seats, seed=case.seed, state=state, version=len(seats),
                    pace="live", timeout_policy="auto", decision_seconds=60, deadline_at=None, reminded=False,
                    board_message_id=None, locale="en", result=None, created_at=0.0, updated_at=0.0)


@settings(max_examples=12, **SETTINGS)
@with_required(concede=True)
@given(case=cases(), concede=hs.booleans())
def test_replay_from_the_log_reproduces_the_game(case, concede):
    """Deterministic replays (DESIGN; the service stores only seed, options and the log):
    ``setup(seats, options, seed)`` plus the logged ``(seat, action)`` pairs, the same pairs
    with each action written in notation and parsed back (``format_action`` is canonical:
    ``format_action(parse_action(text)) == text``), and ``gamehost.review.replay`` /
    ``position_at`` on the service's log (options normalised as the service stores them,
    ``kind`` action / concede entries) all reproduce the final state and result. A game cut
    off early may end with a concession, which the log replays too."""
    st, log = play(case, None)
    conceded = None
    if concede and GAME.result(st) is None:
        conceded = len(log) % case.seats
        st, _ = GAME.concede(st, conceded, "resigned")
        assert GAME.result(st).reason == "resigned" and GAME.result(st).winners == []
    result = GAME.result(st)

    again = GAME.setup(case.seats, case.options, case.seed)
    texts = []
    for seat, action in log:
        text = GAME.format_action(action)
        assert GAME.format_action(GAME.parse_action(text)) == text, f"{text!r} is not canonical"
        texts.append((seat, text))
        again, _ = GAME.apply(again, seat, action)
    if conceded is not None:
        again, _ = GAME.concede(again, conceded, "resigned")
    assert again == st and GAME.result(again) == result, "replaying the actions gave another game"

    options = normalize_options("kr", case.options)
    from_text = GAME.setup(case.seats, options, case.seed)
    assert from_text == GAME.setup(case.seats, case.options, case.seed), "normalised options set up another game"
    for seat, text in texts:
        from_text, _ = GAME.apply(from_text, seat, GAME.parse_action(text))
    if conceded is not None:
        from_text, _ = GAME.concede(from_text, conceded, "resigned")
    assert from_text == st, "replaying the notation gave another game"

    entries = [LoggedAction(i + 1, seat, None, "action", text, 0.0) for i, (seat, text) in enumerate(texts)]
    if conceded is not None:
        entries.append(LoggedAction(len(entries) + 1, conceded, None, "concede", "resign", 0.0))
    row = match_row(case, options, st)
    replayed = review_replay(row, entries)
    assert replayed == st and GAME.result(replayed) == result, "gamehost.review.replay gave another game"
    if entries:                                     # from a stored snapshot half-way
        half = len(entries) // 2
        snap = review_replay(row, entries[:half])
        at, step = position_at(row, entries, entries, len(entries), [(entries[half - 1].seq, snap)] if half else [])
        assert at.state == st and step is not None and step.entry == entries[-1]
