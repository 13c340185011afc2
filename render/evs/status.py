"""The title line and the status box: whose turn it is, the two declared basic actions and
the current one (ES-TURN-4), the decision being waited for (``view["pending"]``: the defence
window with attackers, target and powers, ES-ENG-6; a terrain card to place, ES-TER-6/15; a
terrain penalty, ES-TER-16; a mobility flip; a drawn morale card, ES-MX-8; the choices of a
morale effect), the setup phases, and the result."""

from __future__ import annotations

from render import legibility
from render.common import DARK_TEXT, GOLD, TEXT, TEXT_SOFT

from . import names as N
from . import widgets as WG
from .panels import X0, X1, boxed, unit_label, who
from .style import PAD, ALERT, ATTACK, BANNER, BODY, DEFENCE, POWER, TARGET, WIN, section, to_int, units
from .text import Flow

HP_INK = (252, 165, 165)


def signed(h: int) -> str:
    return f"+{h}" if h > 0 else ("\u2212" + str(-h) if h < 0 else "0")


def _basics(f: Flow, view: dict, lang: str) -> None:
    declared = view.get("declared")
    current = view.get("basic")
    if not declared:
        f.word(N.label("declaring", lang), BODY, TEXT_SOFT)
        for i, b in enumerate(view.get("basics") or []):
            if i:
                f.sep()
            f.word(N.label("basic." + b, lang), BODY, TEXT)
        return
    done = current in declared
    for i, b in enumerate(declared):
        text = f"{i + 1}. {N.label('basic.' + b, lang)}"
        if b == current:
            done = False
            f.piece(WG.pill_w(text, BODY), lambda x, cy, t=text: WG.pill(f.d, x, cy, t, BODY, GOLD, DARK_TEXT))
        elif done:
            f.word(f"{text} {WG.CHECK}", BODY, TEXT_SOFT)
        else:
            f.word(text, BODY, TEXT)
        if i == 0:
            f.word(WG.ARROW, BODY, TEXT_SOFT)


def _defence(f: Flow, view: dict, pend: dict, name: str, lang: str) -> None:
    """The defence window (ES-ENG-6): attackers and target by uid (their tokens are framed and
    joined by arrows), summed power and morale effect against the defender's power, and who
    decides."""
    f.word(N.label("status.defence", lang, name=name), BODY, GOLD)
    f.newline()
    attackers = [str(a) for a in pend.get("attackers") or []]
    for i, a in enumerate(attackers):
        f.word(a + (" +" if i < len(attackers) - 1 else ""), BODY, ATTACK)
    f.word(WG.ARROW, BODY, TEXT)
    f.word(str(pend.get("target")), BODY, TARGET)
    f.newline()
    f.word(N.label("attack_power", lang, n=to_int(pend.get("power"))), BODY, POWER)
    f.sep()
    f.word(N.label("morale_effect", lang, n=to_int(pend.get("morale"))), BODY, TEXT)
    f.sep()
    f.word(N.label("defence_power", lang, n=to_int(pend.get("defence"))), BODY, DEFENCE)
    tgt = next((u for u in units(view) if u.get("uid") == pend.get("target")), None)
    if tgt is not None:
        hp = to_int(tgt.get("hp"), N.unit(tgt["card"])["hp"])
        f.sep()
        f.word(N.label("hp_left", lang, n=max(0, hp - to_int(tgt.get("wounds"))), hp=hp), BODY, HP_INK)


def _pending(f: Flow, view: dict, pend: dict, name: str, lang: str) -> None:
    """Every other decision: what it is and who makes it."""
    kind = pend.get("kind")
    unit = unit_label(view, pend["uid"], lang) if pend.get("uid") else ""
    if kind == "terrain":
        ter = N.terrain(pend["card"], lang)
        if not pend.get("flip"):
            f.word(N.label("status.terrain", lang, n=to_int(section(view, "terrain").get("placed"))), BODY, TEXT)
            f.newline()
        f.word(N.label("places", lang, name=name, card=ter["name"], height=signed(ter["height"])), BODY, GOLD)
        if pend.get("flip"):
            f.newline()
            f.word(N.label("flip_near", lang, unit=unit), BODY, TEXT)
    elif kind == "penalty":
        cell = pend.get("cell") or (pend.get("cells") or ["?"])[0]
        f.word(N.label("status.penalty", lang, name=name), BODY, GOLD)
        f.newline()
        f.word(N.label("penalty_for", lang, unit=unit, cell=cell), BODY, TEXT)
        f.newline()
        for i, o in enumerate(pend.get("options") or ()):
            if i:
                f.word(N.label("or", lang), BODY, TEXT_SOFT)
            f.word(N.label("penalty." + o, lang), BODY, POWER)
    elif kind == "flip":
        f.word(N.label("status.flip", lang, name=name), BODY, GOLD)
        f.newline()
        f.word(N.label("flip_after", lang, unit=unit), BODY, TEXT)
    elif kind == "morale":
        f.word(N.label("status.morale", lang, name=name), BODY, GOLD)
        f.newline()
        for c in pend.get("cards") or []:
            f.sep()
            f.word(N.morale_card(c, lang)["name"], BODY, TEXT)
    elif kind == "tokens":
        n = to_int(pend.get("n"))
        key = "status.tokens_gain" if n > 0 else "status.tokens_loss"
        f.word(N.label(key, lang, name=name, n=abs(n)), BODY, GOLD)
    elif kind == "heal":
        f.word(N.label("status.heal", lang, name=name, n=to_int(pend.get("n"))), BODY, GOLD)
        f.newline()
        for u in pend.get("uids") or []:
            f.sep()
            f.word(unit_label(view, u, lang), BODY, TEXT)
    else:
        f.word(N.label("status.decide", lang, name=name), BODY, GOLD)


def status(d, y: float, view: dict, seat_names, lang: str, x0: float = X0, x1: float = X1) -> float:
    """The status box ``x0..x1`` wide (the board's side column by default); returns the y
    under it."""
    turn = to_int(view.get("turn"))
    phase = view.get("phase")
    pend = section(view, "pending")
    result = section(view, "result")
    alert = pend.get("kind") == "defence"
    decider = N.seat_name(seat_names, to_int(pend.get("seat"), to_int(view.get("active"))), lang)

    def draw(dd, yy):
        with legibility.essential():
            return _status(dd, yy)

    def _status(dd, yy):
        f = Flow(dd, x0 + PAD, x1 - PAD, yy, gap=8)
        f.word(N.label("turn", lang, n=turn) if turn else N.label("title", lang), BODY, TEXT_SOFT)
        f.sep()
        if result:
            names = ", ".join(who(view, to_int(s), seat_names, lang) for s in result.get("winners") or [])
            f.word(N.label("wins", lang, name=names), BODY, GOLD)
            f.newline()
            f.word(N.reason(result.get("reason", "resigned"), lang), BODY, TEXT)
        elif alert:
            _defence(f, view, pend, decider, lang)
        elif pend:
            _pending(f, view, pend, decider, lang)
        elif phase == "select":
            f.word(N.label("status.select", lang), BODY, TEXT)
            f.newline()
            for s, p in enumerate(view.get("players") or []):
                pick = p.get("pick") if isinstance(p, dict) else None
                if isinstance(pick, dict):
                    f.sep()
                    key = "ready" if pick.get("done") else "picked"
                    f.word(N.label(key, lang, name=N.seat_name(seat_names, s, lang), n=to_int(pick.get("count"))),
                           BODY, TEXT_SOFT)
        elif phase == "vanguard":
            van = section(view, "vanguard")
            f.word(N.label("status.vanguard", lang), BODY, TEXT)
            f.newline()
            mover = to_int(van.get("to_move"), to_int(view.get("active")))
            f.word(N.label("to_place", lang, name=who(view, mover, seat_names, lang)), BODY, GOLD)
            f.newline()
            for s in (0, 1):
                passed = (van.get("passed") or [False, False])[s]
                f.sep()
                f.word(N.label("passed" if passed else "placed", lang, name=N.seat_name(seat_names, s, lang),
                               n=to_int((van.get("placed") or [0, 0])[s])), BODY, TEXT_SOFT)
        else:
            f.word(N.label("to_play", lang, name=N.seat_name(seat_names, to_int(view.get("active")), lang)), BODY,
                   GOLD)
            f.newline()
            _basics(f, view, lang)
        return f.end()

    fill = WIN if result else (ALERT if alert else BANNER)
    return boxed(d, y, draw, fill=fill, outline=GOLD if alert else None, x0=x0, x1=x1)
