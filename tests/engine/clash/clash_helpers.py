"""Scenario helpers for Clash of Decks engine tests.

``make()`` builds a play-stage state from a compact description::

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
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.base import IllegalAction  # noqa: E402
from engine.clash import GAME  # noqa: E402
from engine.clash import attack, board, cards  # noqa: E402
from engine.clash.state import FORT, LANE_INDEX, GameOver, copy_state, locate  # noqa: E402
from engine.rng import new_rng  # noqa: E402

__all__ = ["GAME", "IllegalAction", "make", "tc", "ts", "hand", "lane", "act", "kinds", "ev_of",
           "find", "run_phase3", "activate", "health", "FORT", "creature", "cards"]


def tc(av: int, hp: int, *abilities: str, cost: int = 3, aura=None, name: str | None = None) -> str:
    """Register (once) and return a test creature card."""
    cid = name or ("t_%d_%d" % (av, hp) + "".join("_" + a.lower() for a in abilities)
                   + ("_aura_" + "_".join(a.lower() for a in aura) if aura else "") + "_c%d" % cost)
    if cid not in cards.CARDS:
        cards.add_card({"id": cid, "name": {"en": cid, "zh": cid}, "type": "creature", "cost": cost,
                        "av": av, "hp": hp, "abilities": list(abilities), "aura": list(aura or [])})
    return cid


def tchamp(av: int, hp: int, *abilities: str, cost: int = 6, name: str | None = None) -> str:
    cid = name or ("tch_%d_%d" % (av, hp) + "".join("_" + a.lower() for a in abilities) + "_c%d" % cost)
    if cid not in cards.CARDS:
        cards.add_card({"id": cid, "name": {"en": cid, "zh": cid}, "type": "creature", "cost": cost,
                        "av": av, "hp": hp, "abilities": list(abilities)}, champion=True)
        # keep test champions out of the real champion list used by other tests
        if cid in cards.CHAMPIONS:
            cards.CHAMPIONS.remove(cid)
    return cid


def ts(name: str, cost: int, effect: list, *abilities: str, ai_target: str = "enemy") -> str:
    """Register (once) and return a test spell card."""
    cid = "ts_" + name
    if cid not in cards.CARDS:
        cards.add_card({"id": cid, "name": {"en": cid, "zh": cid}, "type": "spell", "cost": cost,
                        "abilities": list(abilities), "effect": effect, "ai_target": ai_target})
    return cid


def _hand(spec: str):
    toks = spec.split()
    side = "bastion"
    out = []
    for t in toks:
        if t in ("F(B)", "F(F)"):
            side = "bastion" if t == "F(B)" else "fort"
            out.append(FORT)
        else:
            out.append(t)
    assert out.count(FORT) == 1, spec
    return out, side


def make(hands=None, lanes=None, mana=6, tp=0, turn=5, mode="duel", ai_deck=None, ai_discard=None,
         ai_side="bastion", solo=None, champions=None, options=None, seed=0, phase="summon",
         first_player=0) -> dict:
    st = GAME.setup(2 if mode == "duel" else 1, {"mode": mode}, seed)
    st["rng"] = new_rng(seed)
    st["stage"] = "play"
    st["setup"] = None
    st["turn"] = turn
    st["turn_player"] = tp
    st["first_player"] = first_player
    st["phase"] = phase
    if options:
        st["options"] = dict(st["options"], **options)
    hands = hands or {}
    for seat in (0, 1):
        if mode == "solo" and seat == 1:
            continue
        h, side = _hand(hands.get(seat, "F(B) " + " ".join(["x%d" % i for i in range(8)])))
        st["players"][seat]["hand"] = h
        st["players"][seat]["side"] = side
        st["players"][seat]["mana"] = 0
    st["players"][tp]["mana"] = mana
    if mode == "solo":
        st["ai"] = {"deck": list(ai_deck or []), "discard": list(ai_discard or []), "side": ai_side}
        sc = {"game": "quick", "base_mana": 6, "modifier": 1, "ai_first": False, "ai_defence": False,
              "abilities": [], "level": 0}
        sc.update(solo or {})
        st["solo"] = sc
        from engine.clash.abilities import mask_of
        st["ai_extra"] = mask_of(sc["abilities"])
    for seat, ch in (champions or {}).items():
        st["players"][seat]["champion"] = dict(ch) if isinstance(ch, dict) else {"card": ch, "state": "ready"}
    st["lanes"] = [[[], []], [[], []]]
    for lane_name, sides in (lanes or {}).items():
        li = LANE_INDEX[lane_name]
        for seat in (0, 1):
            for tok in sides[seat].split():
                st["lanes"][li][seat].append(_creature(st, tok, seat))
    return st


def _creature(st, tok: str, seat: int) -> dict:
    played = tok.endswith("!")
    tok = tok.rstrip("!")
    dmg = 0
    if "/" in tok:
        tok, d = tok.split("/")
        dmg = int(d)
    host = None
    if ">" in tok:
        tok, host = tok.split(">")
    owner = seat
    if "@" in tok:
        tok, o = tok.split("@")
        owner = int(o)
    champ = tok.endswith("^")
    tok = tok.rstrip("^")
    hchamp = False
    if host and host.endswith("^"):
        host = host.rstrip("^")
        hchamp = True
    assert tok in cards.CARDS, tok
    c = board.new_creature(st, tok, owner, seat, champ)
    c["played"] = played
    c["dmg"] = dmg
    if host:
        assert host in cards.CARDS, host
        c["host"], c["hown"], c["hch"] = host, seat, hchamp
    return c


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
    return s, [_E(k, p) for k, p in events]


def activate(st, card: str, rage_mode: bool = False):
    """One activation of the creature showing ``card`` on a copy. Returns (state, events)."""
    s = copy_state(st)
    c = find(s, card)
    events = []
    try:
        attack.activate(s, c, rage_mode, events, [attack.RETALIATE_CAP])
    except GameOver:
        pass
    return s, [_E(k, p) for k, p in events]


class _E:
    __slots__ = ("kind", "params")

    def __init__(self, kind, params):
        self.kind = kind
        self.params = params

    def __repr__(self):
        return f"{self.kind}{self.params}"


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
