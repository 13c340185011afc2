"""Scenario helpers for Clash of Decks engine tests.

Positions are built through the supported set-up API, engine.clash.scenario.Scenario
(docs/scenarios.md). ``make()`` is a compact spelling of it that builds a play-stage state,
and ``scenario()`` takes the same arguments and returns the Scenario for further steps::

    st = make(hands={0: "F(B) a b c", 1: "x F(B) y"},
              lanes={"top": ("t1 t2/1", "e1"), "bottom": ("", "e2!")},
              mana=6, tp=0)

Hand tokens: card ids, ``F(B)`` for the fort card Bastion side up, ``F(F)`` Fort side up.
Creature tokens (lane position 1 first): ``card``, ``card/2`` (2 damage this turn),
``card!`` (played this turn), ``poss>host`` (a Possess stack), ``card@1`` (owned by seat 1,
for cards standing on the other side), ``card^`` (the card is its owner's champion).

Test cards are registered on demand with :func:`tc` (creature) and :func:`ts` (spell)::

    drake = tc(3, 3, "FLYING")          # -> "t_3_3_flying" (cost 3 unless given)
"""
from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), *[".."] * 4))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.base import IllegalAction  # noqa: E402
from engine.clash import GAME  # noqa: E402
from engine.clash import attack, cards  # noqa: E402
from engine.clash.game import to_events  # noqa: E402
from engine.clash.scenario import Scenario  # noqa: E402
from engine.clash.state import FORT, LANE_INDEX, GameOver, copy_state, locate  # noqa: E402

__all__ = ["GAME", "IllegalAction", "Scenario", "make", "scenario", "tc", "ts", "hand", "lane", "act", "kinds",
           "ev_of", "find", "run_phase3", "activate", "health", "FORT", "creature", "cards"]


def names_of_test_card(cid: str) -> dict[str, str]:
    """A test card's names: its id in English; in Chinese "测试牌" and the id's digits, so the
    shipped content's check that Chinese names hold no English words (tests/test_catalog.py)
    still holds when test cards are registered in the same process."""
    return {"en": cid, "zh": "测试牌" + "".join(c for c in cid if not c.isalpha())}


def tc(av: int, hp: int, *abilities: str, cost: int = 3, aura=None, name: str | None = None) -> str:
    """Register (once) and return a test creature card."""
    cid = name or ("t_%d_%d" % (av, hp) + "".join("_" + a.lower() for a in abilities)
                   + ("_aura_" + "_".join(a.lower() for a in aura) if aura else "") + "_c%d" % cost)
    if cid not in cards.CARDS:
        cards.add_card({"id": cid, "name": names_of_test_card(cid), "type": "creature", "cost": cost,
                        "av": av, "hp": hp, "abilities": list(abilities), "aura": list(aura or [])})
    return cid


def tchamp(av: int, hp: int, *abilities: str, cost: int = 6, name: str | None = None) -> str:
    cid = name or ("tch_%d_%d" % (av, hp) + "".join("_" + a.lower() for a in abilities) + "_c%d" % cost)
    if cid not in cards.CARDS:
        # not offered: test champions stay out of the champion choice other tests use
        cards.add_card({"id": cid, "name": names_of_test_card(cid), "type": "creature", "cost": cost,
                        "av": av, "hp": hp, "abilities": list(abilities)}, champion=True, offered=False)
    return cid


def ts(name: str, cost: int, effect: list, *abilities: str, ai_target: str = "enemy") -> str:
    """Register (once) and return a test spell card."""
    cid = "ts_" + name
    if cid not in cards.CARDS:
        cards.add_card({"id": cid, "name": names_of_test_card(cid), "type": "spell", "cost": cost,
                        "abilities": list(abilities), "effect": effect, "ai_target": ai_target})
    return cid


def _hand(spec: str) -> tuple[list[str], str]:
    """A hand spec ("a F(B) b") as a card list with FORT and the fort card's side."""
    side = "bastion"
    out = []
    for t in spec.split():
        if t in ("F(B)", "F(F)"):
            side = "bastion" if t == "F(B)" else "fort"
            out.append(FORT)
        else:
            out.append(t)
    assert out.count(FORT) == 1, spec
    return out, side


def _creature(tok: str) -> tuple[str, dict]:
    """A creature token ("poss>host^/2!", "card@1") as a Scenario creature spec."""
    fields: dict = {}
    if tok.endswith("!"):
        fields["played"] = True
        tok = tok.rstrip("!")
    if "/" in tok:
        tok, d = tok.split("/")
        fields["damage"] = int(d)
    if ">" in tok:
        tok, host = tok.split(">")
        if host.endswith("^"):
            host = host.rstrip("^")
            fields["host_champion"] = True
        fields["host"] = host
    if "@" in tok:
        tok, o = tok.split("@")
        fields["owner"] = int(o)
    if tok.endswith("^"):
        tok = tok.rstrip("^")
        fields["champion"] = True
    return tok, fields


def scenario(hands=None, lanes=None, mana=6, tp=0, turn=5, mode="duel", ai_deck=None, ai_discard=None,
             ai_side="bastion", solo=None, champions=None, options=None, seed=0, phase="summon",
             first_player=0) -> Scenario:
    """The :class:`Scenario` of a compact description (see :func:`make`)."""
    sc = Scenario(mode, seed, **(options or {})).turn(tp, phase=phase, number=turn).first_player(first_player)
    hands = hands or {}
    for seat in (0, 1):
        if mode == "solo" and seat == 1:
            continue
        cards, side = _hand(hands.get(seat, "F(B) " + " ".join(["x%d" % i for i in range(8)])))
        sc.hand(seat, cards, side=side)
    if not (mode == "solo" and tp == 1):
        sc.mana(tp, mana)
    if mode == "solo":
        sc.ai(deck=list(ai_deck or []), discard=list(ai_discard or []), side=ai_side).ai_rules(**(solo or {}))
    for seat, ch in (champions or {}).items():
        ch = ch if isinstance(ch, dict) else {"card": ch, "state": "ready"}
        sc.champion(seat, ch["card"], ch["state"])
    for lane_name, sides in (lanes or {}).items():
        for seat in (0, 1):
            sc.lane(lane_name, seat, [_creature(tok) for tok in sides[seat].split()])
    return sc


def make(hands=None, lanes=None, mana=6, tp=0, turn=5, mode="duel", ai_deck=None, ai_discard=None,
         ai_side="bastion", solo=None, champions=None, options=None, seed=0, phase="summon",
         first_player=0) -> dict:
    """A play-stage state from a compact description (module docstring), built through the
    supported set-up API engine.clash.scenario.Scenario."""
    return scenario(hands, lanes, mana, tp, turn, mode, ai_deck, ai_discard, ai_side, solo, champions, options,
                    seed, phase, first_player).build()


# --- reading ----------------------------------------------------------------------------------

def hand(st, seat) -> list[str]:
    p = st["players"][seat]
    return [("F(B)" if p["side"] == "bastion" else "F(F)") if c == FORT else c for c in p["hand"]]


def health(st, seat) -> int:
    h = st["players"][seat]["hand"]
    return len(h) - 1 - h.index(FORT)


def lane(st, name: str, seat: int) -> list[str]:
    out = []
    for c in st["lanes"][LANE_INDEX[name]][seat]:
        out.append(c["card"] if c["host"] is None else f"{c['card']}>{c['host']}")
    return out


def creature(st, name: str, seat: int, pos: int) -> dict:
    return st["lanes"][LANE_INDEX[name]][seat][pos - 1]


def find(st, card: str) -> dict:
    for li in (0, 1):
        for side in (0, 1):
            for c in st["lanes"][li][side]:
                if c["card"] == card or c["host"] == card:
                    return c
    raise KeyError(card)


def kinds(events) -> list[str]:
    return [e.kind if hasattr(e, "kind") else e[0] for e in events]


def ev_of(events, kind: str) -> list[dict]:
    out = []
    for e in events:
        k, p = (e.kind, e.params) if hasattr(e, "kind") else e
        if k == kind:
            out.append(p)
    return out


# --- acting -----------------------------------------------------------------------------------

def act(st, text, seat=None):
    """Apply an action (notation text or dict) for ``seat`` (default: the turn player)."""
    if seat is None:
        seat = st["turn_player"]
    return GAME.apply(st, seat, text)


def run_phase3(st):
    """Run the turn player's phase 3 on a copy, without the end of turn (so damage is still
    visible). Returns (state, events)."""
    s = copy_state(st)
    s["phase"] = "attack"
    events = []
    try:
        attack.run_phase(s, events)
    except GameOver:
        pass
    return s, to_events(events)


def activate(st, card: str, rage_mode: bool = False):
    """One activation of the creature showing ``card`` on a copy. Returns (state, events)."""
    s = copy_state(st)
    c = find(s, card)
    events = []
    try:
        attack.activate(s, c, rage_mode, events, [attack.RETALIATE_CAP])
    except GameOver:
        pass
    return s, to_events(events)


def loc(st, card):
    c = find(st, card)
    return locate(st, c["uid"])


def letters(*names: str, cost: int = 1, av: int = 1, hp: int = 1) -> None:
    """Register plain test creatures named ``names`` (for hand examples like a, b, c)."""
    for n in names:
        tc(av, hp, cost=cost, name=n)


letters("a", "b", "c", "d", "e", "f", "g", "h", "x", "y", "z", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8")
for _i in range(8):
    letters("x%d" % _i)
