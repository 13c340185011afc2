"""The morale track and shakes (ES-MOR, ES-END-2) and the plug point of the Morale expansion
(option ``morale``): every shake of the rules goes through :func:`shake`, every turn start
through :func:`start_turn`.

Base game: ``st["track"]`` holds the two markers ``[seat 0, seat 1]``; a shake N moves the
shaken player's marker N squares forward, never beyond the collapse square of its faction's
track (ES-MOR-4, ES-AMB-34), and a marker reaching that square loses the game at once
(ES-MOR-5, ES-END-2).

``morale: on``: ``engine/evs/morale_rules.py`` owns ``st["morale"]`` (made by
:func:`setup_morale` at ES-SET-1 step 5) and its ``shake_state(st, seat, n, events)`` does the
whole shake (the marker, draws, the collapse check ES-MX-16, ES-END-5), mirrors the markers
into ``st["track"]`` and returns the seat that loses, or None; ``start_turn`` untaps and
resets the per-turn flags (ES-TURN-2, ES-MX-12). The cards a shake makes the opponent draw
are queued in ``st["offers"]`` (``[{"seat", "cards"}]``) for the just-drawn offer (ES-MX-8a,
engine/evs/morale.py); :func:`modifier` reads the morale cards' modifiers in force (0 with the
expansion off). Rally and card play are engine/evs/morale.py's.
"""
from __future__ import annotations

from .board import expansion
from .content import FACTIONS
from .state import ev, lose


def collapse_square(st: dict, seat: int) -> int:
    return FACTIONS[st["factions"][seat]]["track"]["collapse"]


def morale_on(st: dict) -> bool:
    return st["options"].get("morale") == "on"


def setup_morale(st: dict) -> None:
    """ES-SET-1 step 5 (Morale expansion only): the morale sub-dict and the two piles."""
    if morale_on(st):
        st["morale"] = expansion("morale_rules").setup(
            st["rng"], list(st["factions"]), expansion=True,
            tracks=[dict(FACTIONS[f]["track"]) for f in st["factions"]])
        st["offers"] = []


MODIFIER_KINDS = ("engage", "defend", "morale_effect", "mobility", "cost")


def modifier(st: dict, seat: int, kind: str) -> int:
    """The Morale expansion's modifier of ``kind`` in force for ``seat``'s faction
    (``morale_rules.power_modifier`` & co.): ``engage`` (added once to the power of each
    attack the seat declares), ``defend`` (to the defender's power of its units),
    ``morale_effect`` (to each attack's summed morale effect), ``mobility`` (to the N of each
    mobility effect), ``cost`` (to each command's cost). 0 with the expansion off."""
    if not morale_on(st):
        return 0
    m = st.get("morale")
    if not m or not (m["seats"][0]["zone"] or m["seats"][1]["zone"]):
        return 0
    mr = expansion("morale_rules")
    if kind in ("engage", "defend"):
        return mr.power_modifier(m, seat, kind)
    if kind == "morale_effect":
        return mr.morale_effect_modifier(m, seat)
    if kind == "mobility":
        return mr.mobility_modifier(m, seat)
    if kind == "cost":
        return mr.cost_modifier(m, seat)
    raise ValueError(kind)


def collect_draws(st: dict) -> None:
    """Move the cards the last shake drew (``morale["just_drawn"]``) into the offer queue
    ``st["offers"]`` (ES-MX-8a; opened by engine/evs/morale.py once the move resolved)."""
    m = st.get("morale")
    drawn = m.get("just_drawn") if m else None
    if m and drawn:
        if drawn["cards"]:
            st.setdefault("offers", []).append({"seat": drawn["seat"], "cards": list(drawn["cards"])})
        m["just_drawn"] = None


def start_turn(st: dict, events: list) -> None:
    """ES-TURN-2: nothing happens at the start of a turn in the base game."""
    if morale_on(st):
        expansion("morale_rules").start_turn(st["morale"], st["active"], events)


def shake(st: dict, seat: int, n: int, events: list, cause: str = "") -> None:
    """Shake ``seat`` by ``n`` (军心动荡 N, ES-MOR-2/3), one shake event (ES-AMB-31)."""
    if n <= 0:
        return
    if morale_on(st):
        loser = expansion("morale_rules").shake_state(st, seat, n, events)
        collect_draws(st)
        if loser is not None:
            lose(st, loser, "collapse", events)
        return
    old = st["track"][seat]
    new = min(collapse_square(st, seat), old + n)
    st["track"][seat] = new
    ev(events, "shake", seat=seat, n=n, marker=new, cause=cause)
    if new >= collapse_square(st, seat):
        lose(st, seat, "collapse", events)
