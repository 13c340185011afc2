"""Faction effects (ES-FAC, ES-TURN-5, ES-AMB-35/36): the faction card (which is the general
card) carries mandatory triggered effects, carried out at once on either player's turn.
Triggers and effects are the closed list of keywords.py; they fire after step 7 of an
attack. Simultaneous triggers: the active player's first (ES-FAC-3); a player's own effects
in data order (none of the authored effects interact, so their order cannot matter)."""
from __future__ import annotations

from . import track
from .content import FACTIONS
from .state import ev


def after_attack(st: dict, info: dict, events: list) -> None:
    """``info``: ``attacker``, ``defender`` (seats), ``damage``, ``destroyed``, ``participants``."""
    fired: list[tuple[int, dict]] = []
    for seat in (st["active"], 1 - st["active"]):
        for eff in FACTIONS[st["factions"][seat]]["effects"]:
            if eff["trigger"] == "attack_repelled" and seat == info["defender"] and info["damage"] <= 0:
                fired.append((seat, eff))
            elif eff["trigger"] == "enemy_destroyed" and seat == info["attacker"] and info["destroyed"]:
                fired.append((seat, eff))
    for seat, eff in fired:
        ev(events, "faction_effect", seat=seat, effect=eff["id"])
        if eff["effect"] == "shake_attacker":
            track.shake(st, info["attacker"], eff["n"], events, cause="faction")
        elif eff["effect"] == "shake_defender":
            track.shake(st, info["defender"], eff["n"], events, cause="faction")
        elif eff["effect"] == "heal_participants":
            for uid in info["participants"]:
                u = st["units"].get(uid)
                if u is not None and u["seat"] == seat and u["wounds"]:
                    n = min(eff["n"], u["wounds"])
                    u["wounds"] -= n
                    ev(events, "healed", seat=seat, uid=uid, n=n, wounds=u["wounds"])
