"""Turn flow: phase 1 (CD-MANA), the move to phase 3, the optional phase-3 pause for the
champion (CD-AMB-10), the end of turn (CD-EOT-1) and handing over to the AI in Solo."""
from __future__ import annotations

from . import attack, board, champion, solo
from .abilities import CATALYST
from .state import ev, is_ai


def catalysts(st: dict, seat: int) -> int:
    n = 0
    for li in (0, 1):
        lst = st["lanes"][li][seat]
        for i in range(len(lst)):
            if board.abilities(st, li, seat, i) & CATALYST:
                n += 1
    return n


def begin_turn(st: dict, seat: int, events: list) -> None:
    """Start ``seat``'s turn with phase 1. An AI turn runs to completion and hands over."""
    while True:
        st["turn"] += 1
        st["turn_player"] = seat
        st["phase"] = "summon"
        st["acts"] = 0
        st["pause_at"] = -1
        ev(events, "turn_start", turn=st["turn"], seat=seat)
        if is_ai(st, seat):
            solo.ai_turn(st, events)
            end_turn(st, events)
            seat = 1 - seat
            continue
        p = st["players"][seat]
        # CD-MANA-1/2/3, CD-AMB-58: 6 only on the first player's first turn of the game.
        base = 6 if st["turn"] == 1 else len(p["hand"])
        cat = catalysts(st, seat)
        p["mana"] = base + 2 * cat
        ev(events, "mana_gained", seat=seat, amount=p["mana"], base=base, catalyst=cat)
        return


def pause_ok(st: dict) -> bool:
    """Pause phase 3 before an activation (or at its end) so the turn player may summon
    their champion (CD-AMB-10), when the option is on and a summon is possible."""
    if not st["options"].get("pause_phase3"):
        return False
    tp = st["turn_player"]
    if is_ai(st, tp) or st["pause_at"] == st["acts"]:
        return False
    if champion.can_summon(st, tp):
        st["pause"] = True
        st["pause_at"] = st["acts"]
        return True
    return False


def start_attack(st: dict, events: list) -> None:
    """End phase 2 and run phase 3 (CD-TURN-2), then the end of turn."""
    st["phase"] = "attack"
    ev(events, "phase_attack", seat=st["turn_player"], turn=st["turn"])
    continue_attack(st, events)


def continue_attack(st: dict, events: list) -> None:
    st["pause"] = False
    if attack.run_phase(st, events, pause_ok):
        ev(events, "attack_paused", seat=st["turn_player"])
        return
    end_turn(st, events)
    begin_turn(st, 1 - st["turn_player"], events)


def end_turn(st: dict, events: list) -> None:
    """CD-EOT-1 (a)-(d); (e) is the caller's begin_turn."""
    for lane in st["lanes"]:
        for side in lane:
            for c in side:
                c["dmg"] = 0
                c["dash"] = 0
                c["played"] = False
                c["prot"] = False
                c["act"] = False
                c["bav"] = 0
                c["bhp"] = 0
                c["grant"] = 0
    for p in st["players"]:
        p["mana"] = 0
    st["phase"] = None
    st["pause"] = False
    ev(events, "turn_end", turn=st["turn"], seat=st["turn_player"])
