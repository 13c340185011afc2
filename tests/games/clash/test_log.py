"""Clash of Decks' own cases of the match log's redaction (the shared checks:
tests/engine/test_log_redaction.py): the champion choice until the reveal, the constructed
deck for good, and the events of both."""
from __future__ import annotations

import random
import re

from engine.clash import GAME as CLASH
from engine.clash.cards import STARTER


def test_clash_champion_choice_hidden_until_the_simultaneous_reveal_cd_cha_4():
    """The first ``choose`` is hidden from the opponent and spectators while the other seat
    is still choosing, and public from the reveal on (CD-CHA-4); the last choice reveals at
    once. Solo: only the player chooses, so it is revealed at once (CD-AMB-50)."""
    st = CLASH.setup(2, {"format": "constructed", "champions": True}, 5)
    for seat in (0, 1):
        st, _ = CLASH.apply(st, seat, CLASH.timeout_action(st, seat))
    assert st["stage"] == "champion"
    first = CLASH.legal_actions(st, 0)[0]
    text = CLASH.format_action(first)
    mid, events = CLASH.apply(st, 0, first)
    assert all(first["champion"] not in str(e.params) for e in events)
    assert CLASH.log_text(mid, 0, 0, text) == text
    assert CLASH.log_text(mid, 0, 1, text) == "choose ?"
    assert CLASH.log_text(mid, 0, None, text) == "choose ?"
    second = CLASH.legal_actions(mid, 1)[-1]
    done, _ = CLASH.apply(mid, 1, second)
    assert CLASH.log_text(done, 0, 1, text) == text
    assert CLASH.log_text(done, 1, None, CLASH.format_action(second)) == CLASH.format_action(second)
    # conceded before the reveal: stays hidden, also at the end of the game
    over, _ = CLASH.concede(mid, 1, "resigned")
    assert CLASH.result(over) is not None
    assert CLASH.log_text(over, 0, 1, text) == "choose ?"
    assert CLASH.log_text(over, 0, None, text) == "choose ?"


def test_clash_constructed_deck_stays_hidden_even_after_the_game_cd_fmt_8():
    """A constructed deck is never shown whole to others, not even once the game is over:
    only the cards played become public, through their own ``play`` entries (CD-FMT-8,
    CD-HAND-1). The events of submitting it carry no card."""
    st = CLASH.setup(2, {"format": "constructed"}, 9)
    decks = [sorted(STARTER)[:8], sorted(STARTER)[-8:]]
    for seat in (0, 1):
        st, events = CLASH.apply(st, seat, {"type": "build", "cards": decks[seat]})
        assert not any(c in str(e.params) for e in events for d in decks for c in d)
    text = "build " + ",".join(decks[0])
    over, _ = CLASH.concede(st, 1, "resigned")
    for state in (st, over):
        assert CLASH.log_text(state, 0, 0, text) == text
        assert CLASH.log_text(state, 0, 1, text) == "build ?"
        assert CLASH.log_text(state, 0, None, text) == "build ?"


def test_clash_events_never_name_a_hidden_deck_or_champion_cd_fmt_8_cd_cha_4():
    """While decks and champions are secret, no event names one of their cards: submitting a
    constructed deck (CD-FMT-8) or choosing a champion before the reveal (CD-CHA-4)."""
    for seed in (1, 2, 3):
        st = CLASH.setup(2, {"format": "constructed", "champions": True}, seed)
        rnd = random.Random(seed)
        decks = {}
        for seat in (0, 1):
            decks[seat] = rnd.sample(list(STARTER), 8)
            st, events = CLASH.apply(st, seat, {"type": "build", "cards": decks[seat]})
            text = " ".join(f"{e.kind} {e.params}" for e in events)
            assert not any(re.search(rf"\b{c}\b", text) for c in decks[seat]), text
        pick = CLASH.legal_actions(st, 0)[0]
        st, events = CLASH.apply(st, 0, pick)
        assert pick["champion"] not in " ".join(f"{e.params}" for e in events)
