"""The Morale expansion in the turn (ES-MX-8..16, ES-AMB-49..52): playing morale cards, the
just-drawn offer, the effects' follow-up choices (tokens, heal) and Rally, the fourth basic
action. The rules themselves are ``morale_rules``' (pure functions over ``st["morale"]``);
shakes, draws and the collapse check go through ``track.shake`` (ES-END-5), modifiers through
``track.modifier``. Nothing here is used with ``morale: off`` (ES-MX-17).

- Playing (``morale CARD``, ES-MX-8..11): a face-up card of the player's own morale zone whose
  conditions hold, (b) by the active player at each of their Deploy, Action and Rally
  decisions of a turn for which they declared Action (ES-AMB-49: during either basic action),
  or (a) right after drawing it.
- The offer (a), "immediately after drawing and showing it" (立刻): the cards a shake makes a
  player draw are queued (``st["offers"]``, by ``track.collect_draws``) and offered to the
  drawer at the very next decision point: ``{"kind": "morale", "seat", "cards"}`` in
  ``st["pending"]``, answered by ``morale CARD`` (the rest of the offer stays open) or
  ``nomorale`` (the timeout default; the cards stay in the zone). When the move that drew
  them left a decision open (the mover's next terrain penalty or mobility flip, a flipped
  card's cell, a defence window, a morale effect's target), that decision is suspended
  (``st["suspended"]``, a stack) and taken up again once the offer is answered
  (``resume``): the drawer plays before the opponent's move goes on, so before any attack
  it leads to and before its defence is chosen. The steps of one attack's resolution
  (ES-ENG-8..11, faction effects) run through without a decision point; cards drawn there
  are offered as soon as they end. The active player is not asked when they declared Action
  this turn, since they may play the card at their next decision anyway.
- The effects' choices: ``tokens`` (``{"kind": "tokens", "seat": chooser, "owner", "n",
  "slots"}``, answered by ``token SLOT``: a gain puts n tokens on one card of the owner's
  command zone, a loss removes up to -n from one card with tokens; the card is named by its
  zone slot, as the opponent's unrevealed cards may be secret) and ``heal`` (``{"kind":
  "heal", "seat", "n", "uids"}``, answered by ``heal UID``: up to n wounds off one wounded unit
  of the player). With no possible target nothing happens; with one it is chosen at once.
- Rally (ES-MX-13..15, ES-EX-8): ``rally CARD pay C+C...`` removes one of the player's own
  faction's debuffs from the opponent's zone (to the bottom of the pile it came from,
  ES-AMB-51), paying as many command cards from hand as there are such debuffs now; repeated
  at will, ended by ``done`` (or by itself when nothing more is possible).
"""
from __future__ import annotations

from . import action, track
from .board import expansion
from .state import basic, ev, hand_commands, lose


def on(st: dict) -> bool:
    return track.morale_on(st)


def _mr():
    return expansion("morale_rules")


def playable(st: dict, seat: int) -> list[str]:
    """Face-up cards of ``seat``'s morale zone whose own conditions hold (ES-MX-8, -10, -11)."""
    m = st["morale"]
    zone = m["seats"][seat]["zone"]
    if not zone:
        return []
    mr = _mr()
    return [e["card"] for e in zone if e["state"] == "up" and mr.conditions_met(m, seat, e["card"])]


def in_turn(st: dict, seat: int) -> bool:
    """ES-MX-8b, ES-AMB-49: ``seat`` is the active player, in a basic action of a turn for
    which they declared Action."""
    ts = st["turn_state"]
    return (st["phase"] == "turn" and seat == st["active"] and ts is not None and ts["declared"] is not None
            and "action" in ts["declared"] and basic(st) is not None)


def turn_actions(st: dict, seat: int) -> list[dict]:
    if not in_turn(st, seat):
        return []
    return [{"type": "morale", "card": c} for c in playable(st, seat)]


def play(st: dict, seat: int, card: str, events: list) -> None:
    """``seat`` plays ``card`` (morale_rules.play): its effect, then flipped or tapped; a shake
    it causes may make its faction lose (ES-MX-16, ES-END-3); tokens and heal are chosen."""
    m = st["morale"]
    mr = _mr()
    m["just_drawn"] = None  # the offers are the core's (st["offers"])
    res = mr.play(m, seat, card, events)
    st["track"] = mr.markers(m)
    track.collect_draws(st)
    if res["lost"]:
        lose(st, res["loser"], "collapse", events)
    d = res["apply"]
    if d is not None:
        _directive(st, d, events)


# --- the effects' choices ---------------------------------------------------------------------

def _directive(st: dict, d: dict, events: list) -> None:
    owner, n, chooser = d["seat"], d["n"], d["chooser"]
    if d["type"] == "tokens":
        zone = st["players"][owner]["zone"]
        slots = [i for i, e in enumerate(zone) if n > 0 or e["tokens"] > 0]
        if len(slots) > 1:
            st["pending"] = {"kind": "tokens", "seat": chooser, "owner": owner, "n": n, "slots": slots}
        elif slots:
            _tokens(st, owner, n, slots[0], events)
    else:  # heal
        uids = [u for u, v in st["units"].items() if v["seat"] == owner and v["wounds"] > 0]
        if len(uids) > 1:
            st["pending"] = {"kind": "heal", "seat": chooser, "n": n, "uids": uids}
        elif uids:
            _heal(st, uids[0], n, events)


def _tokens(st: dict, owner: int, n: int, slot: int, events: list) -> None:
    e = st["players"][owner]["zone"][slot]
    delta = n if n > 0 else -min(-n, e["tokens"])
    e["tokens"] += delta
    ev(events, "tokens_changed", seat=owner, slot=slot, n=delta, tokens=e["tokens"])


def _heal(st: dict, uid: str, n: int, events: list) -> None:
    u = st["units"][uid]
    k = min(n, u["wounds"])
    u["wounds"] -= k
    ev(events, "healed", seat=u["seat"], uid=uid, n=k, wounds=u["wounds"])


def token_actions(st: dict) -> list[dict]:
    return [{"type": "token", "slot": i} for i in st["pending"]["slots"]]


def token(st: dict, seat: int, slot: int, events: list) -> None:
    p = st["pending"]
    st["pending"] = None
    _tokens(st, p["owner"], p["n"], slot, events)


def heal_actions(st: dict) -> list[dict]:
    return [{"type": "heal", "uid": u} for u in st["pending"]["uids"]]


def heal(st: dict, seat: int, uid: str, events: list) -> None:
    p = st["pending"]
    st["pending"] = None
    _heal(st, uid, p["n"], events)


# --- the just-drawn offer (ES-MX-8a, ES-AMB-49) -------------------------------------------------

def _offered(st: dict, o: dict) -> list[str]:
    """The cards of the queued offer ``o`` its drawer is asked about now: none for the active
    player with Action declared (they may play it at any decision), else the playable ones."""
    seat = o["seat"]
    if in_turn(st, seat):
        return []
    ok = set(playable(st, seat))
    return [c for c in o["cards"] if c in ok]


def offer_due(st: dict) -> bool:
    """Whether a queued offer would open now (``open_offer`` would return True)."""
    return any(_offered(st, o) for o in st.get("offers") or ())


def open_offer(st: dict) -> bool:
    """Open the first queued offer that still has a playable card (True), else empty the queue.
    A decision already open (the move's follow-up, ES-MX-8a: the offer comes first) is pushed
    onto ``st["suspended"]`` to be taken up again by ``resume``."""
    offers = st.get("offers")
    while offers:
        o = offers.pop(0)
        cards = _offered(st, o)
        if cards:
            if st["pending"] is not None:
                st.setdefault("suspended", []).append(st["pending"])
            st["pending"] = {"kind": "morale", "seat": o["seat"], "cards": cards}
            return True
    return False


def resume(st: dict) -> bool:
    """Take up the last decision an offer suspended (True), if any."""
    held = st.get("suspended")
    if not held:
        return False
    st["pending"] = held.pop()
    if not held:
        del st["suspended"]
    return True


def offer_actions(st: dict) -> list[dict]:
    return [{"type": "morale", "card": c} for c in st["pending"]["cards"]] + [{"type": "nomorale"}]


def play_offered(st: dict, seat: int, card: str, events: list) -> None:
    p = st["pending"]
    st["pending"] = None
    rest = [c for c in p["cards"] if c != card]
    if rest:
        st["offers"].insert(0, {"seat": seat, "cards": rest})
    play(st, seat, card, events)


def decline(st: dict, seat: int, events: list) -> None:
    st["pending"] = None


# --- Rally (ES-MX-13..15) -----------------------------------------------------------------------

def rally_targets(st: dict, seat: int) -> list[str]:
    """ES-MX-14: ``seat``'s own faction's debuffs in the opponent's morale zone."""
    return _mr().rally_targets(st["morale"], seat)


def rally_actions(st: dict, seat: int, card: str | None = None) -> list[dict]:
    """ES-MX-14: every debuff to return (or only ``card``) with every payment of the cost."""
    targets = rally_targets(st, seat)
    if not targets:
        return []
    pays = action.pay_options(st, seat, len(targets))
    return [{"type": "rally", "card": c, "pay": p} for c in targets if card is None or c == card for p in pays]


def can_rally(st: dict, seat: int) -> bool:
    n = len(_mr().rally_targets(st["morale"], seat))
    return 0 < n <= len(hand_commands(st, seat))


def rally(st: dict, seat: int, card: str, pay: list[str], events: list) -> None:
    """One Rally operation: pay (ES-GEN-9), then the debuff goes back (ES-MX-14)."""
    action.pay(st, seat, pay, events)
    _mr().rally_remove(st["morale"], seat, card, events, paid=len(pay))
