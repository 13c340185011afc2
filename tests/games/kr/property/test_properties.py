"""Property tests (Hypothesis) for Kingdom Rush: Rift in Time (engine/kr): whole games played
through the engine contract (``setup``, ``prompts``, ``legal_actions``, ``bot_action``,
``apply``, ``result``, ``concede``, ``format_action`` / ``parse_action``).

Each example draws a seed, 1-4 seats, a scenario (every scenario of the campaign; the first,
the first with spells, the first with ghosts and the last one are always run as explicit
examples), a difficulty, the heroes (and a solo bench) and the share of moves taken at random
among the listed legal actions (the rest are the bot's). Games are cut off after a drawn
number of moves. Checked at every step, one property per test:

1. covers (KR-DMG-1/2/10, KR-SOL-3/7, KR-HERO-10/14): every tile, soldier and hero-base square
   lies inside its horde card and no square holds two of them;
2. tower cards are conserved (KR-SET-4, KR-BUY-3..5, KR-PASS-1..7, KR-RET-1/2/5, KR-PRT-10,
   KR-SPL-9); the exact law is in ``test_tower_cards_are_conserved``;
3. crystals stay within 0..12 and only change where the rules say (KR-BUY-3/4/6, KR-DES-1);
(4-6 in test_kr_log_properties.py) 4. illegal actions raise ``IllegalAction`` and change nothing (KR-ACT-3, KR-ACT-5, KR-PASS-6/7,
   KR-TWR-2, KR-DMG-1, KR-SOLO-3/5); ``apply`` never changes its input;
5. states round-trip through JSON (and the store's packing) and play on identically;
6. replaying the seed and the log (actions, their notation, ``gamehost.review.replay``)
   reproduces the final state and result.

A failure prints the drawn ``Case`` and the move index: that is the reproduction.
"""

from __future__ import annotations

from collections import Counter
from engine.kr import GAME
from engine.kr.content import SCENARIOS
from engine.kr.content import TOWERS
from hypothesis import given
from hypothesis import settings

from tests.games.kr.property.kr_property_support import (SETTINGS, cases, with_required, play, check_covers, held, census, check_crystals)  # noqa: E402


# --- 1. covers --------------------------------------------------------------------------------



@settings(max_examples=15, **SETTINGS)
@with_required()
@given(case=cases())
def test_covers_stay_inside_their_card_and_never_overlap(case):
    """KR-DMG-1, KR-DMG-2, KR-DMG-10, KR-SOL-3, KR-SOL-7, KR-HERO-10, KR-HERO-14 after every move."""
    def on_step(before, after, seat, action, index):
        check_covers(after, f"move {index} ({seat}: {action and GAME.format_action(action)})")
    play(case, on_step)


# --- 2. tower cards ---------------------------------------------------------------------------





def family_counts(cards: Counter) -> Counter:
    out = Counter()
    for c, n in cards.items():
        out[TOWERS[c]["family"]] += n
    return out


def levels(cards: Counter) -> int:
    return sum(TOWERS[c]["level"] * n for c, n in cards.items())


def check_card_flow(before: dict, after: dict, action: dict, where: str) -> None:
    """How a move may change the cards held (see ``test_tower_cards_are_conserved``)."""
    if after["phase"] == "over":
        return
    assert after["phase"] == 6 or not after.get("white"), \
        f"{where}: white-site towers still wait for a taker in phase {after['phase']} (KR-WHT-3)"
    hb, ha = held(before), held(after)
    if before["phase"] == 2 and after["phase"] == 2:
        assert before["round"] == after["round"]
        assert family_counts(ha) == family_counts(hb), f"{where}: a phase-2 move changed the cards per family"
        rise = levels(ha) - levels(hb)
        if action["type"] == "pass":      # KR-PASS-2/4: one level up, or unchanged
            assert rise in (0, 1), f"{where}: a pass raised the levels held by {rise}"
        elif action["type"] == "spell":   # Hand of Midas: up to two levels (KR-SPL-9, KR-AMB-33)
            assert rise in (0, 1, 2), f"{where}: a spell raised the levels held by {rise}"
        else:                             # build / hero / done: cards only move hand -> site
            assert ha == hb, f"{where}: {action['type']} changed the cards held"
        for s_b, s_a in zip(before["seats"], after["seats"]):
            assert Counter(s_b["pending"]) <= Counter(s_a["pending"]), f"{where}: a pending card left its slot"
    elif before["phase"] in (2, 3, 4) and after["phase"] == 6:   # phases 3-5 ran (KR-RET-1/2/5); from 3 or 4:
        # after a displaced hero's owner answered (KR-AMB-61); the sites are untouched until phase 5
        down = Counter(t["card"] for towers in before["sites"].values() for t in towers if t["face_down"])
        assert ha == hb - down, f"{where}: phase 5 returned {ha - (hb - down)} / lost {(hb - down) - ha}"
        assert not after["sites"] and all(not s["pending"] for s in after["seats"]), \
            f"{where}: phase 5 left towers on sites or in pending slots (KR-RET-1/2)"
    elif before["phase"] == 6 and after["phase"] != 6:       # the purchase (KR-BUY-2..5)
        p = before["proposals"][0] if before["proposals"] else None
        bought = Counter(c for c, _ in p["buys"]) if p else Counter()
        assert ha == hb + bought, f"{where}: bought {ha - hb}, the proposal was {bought}"
    else:                                # phase 6 talk, the solo exclusion, a displacement question
        assert ha == hb, f"{where}: cards changed from phase {before['phase']} to {after['phase']}"


@settings(max_examples=15, **SETTINGS)
@with_required()
@given(case=cases())
def test_tower_cards_are_conserved(case):
    """The conservation law: for every tower card id ``c``, at every moment,
    ``supply[c] + copies of c in all hands + in all pending slots + on all sites + among the
    white-site towers waiting for a taker (``st["white"]``, phase 6 only, KR-WHT-3) ==
    scenario["supply"][c]`` (the state keeps tower cards nowhere else; proposals only name
    them). It holds per id, not only per family and level, because every move takes a card
    from one place and puts it in another: the starting hands come out of the supply (KR-SET-4),
    a purchase moves supply -> hand (KR-BUY-3..5), a build moves hand -> site, a pass moves the
    card hand -> pending slot, or, when upgraded, puts the passed card back in the supply and
    takes its upgrade (same family, one level up; Hand of Midas: up to two) out of it into the
    pending slot (KR-PASS-2/4, KR-SPL-9, KR-AMB-14/33), phase 5 moves site and pending cards to
    hands (a white site's, with more than one player, to the waiting list; the end of phase 6
    hands those out) and face-down towers back to the supply (KR-RET-1/2/5/6, KR-PRT-10,
    KR-WHT-3).

    Per move (``check_card_flow``), for the cards the players hold (hands + pending + sites):
    a phase-2 move keeps the count per family; a pass raises the sum of their levels by 0 or 1,
    a spell by 0..2, any other phase-2 move changes nothing held; the end of phase 2 removes
    exactly the face-down towers; the end of phase 6 adds exactly the standing proposal's
    purchases; nothing else changes them; white-site towers wait only during phase 6. Pending cards never leave their slot in phase 2 (KR-PASS-6)."""
    initial = Counter({c: n for c, n in SCENARIOS[case.scenario]["supply"].items() if n})

    def on_step(before, after, seat, action, index):
        where = f"move {index} ({seat}: {action and GAME.format_action(action)})"
        got = census(after)
        assert got == initial, f"{where}: tower cards {dict(got - initial)} appeared, {dict(initial - got)} vanished"
        if before is not None:
            check_card_flow(before, after, action, where)
    play(case, on_step)


# --- 3. crystals ------------------------------------------------------------------------------



@settings(max_examples=15, **SETTINGS)
@with_required()
@given(case=cases())
def test_crystals_stay_between_0_and_12(case):
    """KR-BUY-6 (the pool holds at most 12; KR-AMB-56: crystals beyond are lost): 0 <= crystals
    <= 12 after every move. They only rise when phase 3 destroys hordes (KR-DES-1) and only fall
    by the price of the bought cards when phase 6 ends (2 per L1, 3 per L2, KR-BUY-3/4/5)."""
    def on_step(before, after, seat, action, index):
        check_crystals(before, after, f"move {index} ({seat}: {action and GAME.format_action(action)})")
    play(case, on_step)
