"""What each logged move shows to the other seat and to spectators (``GAME.log_text`` /
``GAME.log_hidden``, engine.base.Game); "Information and decisions" of the rules.

=============================  ===============================================================
verb                           others see
=============================  ===============================================================
pick, unpick                   ``pick ?`` / ``unpick ?``: the secret starting-hand selection is
                               private to its owner for good (ES-SET-2, ES-AMB-3).
stage, clear, dispatch         the card names an unrevealed command-zone card: the opponent
                               sees it when the advanced rule is off (the zone may be looked
                               at, ES-ADV-2, ES-AMB-15), spectators and an advanced-rule
                               opponent see ``stage ?`` (ES-ADV-1). ``stage CARD up`` is
                               public: the card lies face-up (ES-DEP-7). A later ``clear`` or
                               ``dispatch`` of it stays redacted (the log is redacted against
                               the current state, where the card may be gone).
play, general, defend,         unchanged except the paid cards, one ``?`` each: cards paid as
penalty, rally                 cost are never shown, only their number (ES-GEN-9).
pol                            ``?``: a standing defence order is private to its owner
                               (engine/evs/standing.py).
every other verb               unchanged: public (battlefield, terrain placement, reveals,
                               declarations, attacks, flips, morale cards, token and heal
                               choices).
=============================  ===============================================================
"""
from __future__ import annotations

from engine.base import SYSTEM_LOG_TEXTS

ZONE_VERBS = ("stage", "clear", "dispatch")
PICK_VERBS = ("pick", "unpick")
PAY_VERBS = ("play", "general", "defend", "penalty", "rally")
PUBLIC_VERBS = ("place", "vanguard", "pass", "declare", "deploy", "reveal", "move", "skip", "heal", "attack",
                "nodefend", "done", "flip", "noflip", "morale", "nomorale", "token")


def log_text(state: dict | None, actor: int | None, viewer: int | None, text: str) -> str:
    if actor is None or viewer == actor:
        return text
    words = text.split()
    if not words or (len(words) == 1 and words[0].lower() in SYSTEM_LOG_TEXTS):
        return text
    verb = words[0].lower()
    if verb in PUBLIC_VERBS:
        return text
    if verb in PICK_VERBS:
        return f"{verb} ?"
    if verb == "stage" and words[-1].lower() == "up":
        return text  # staged face-up for all to see (ES-DEP-7)
    if verb in ZONE_VERBS:
        advanced = state is None or state.get("options", {}).get("advanced") == "on"
        return text if viewer in (0, 1) and not advanced else f"{verb} ?"
    if verb in PAY_VERBS:
        if "pay" in words:
            i = words.index("pay")
            n = len(words[i + 1].split("+")) if i + 1 < len(words) else 1
            return " ".join(words[:i + 1] + ["+".join("?" * n)])
        return text
    return "?"


def log_hidden(text: str) -> bool:
    words = text.split()
    if not words or (len(words) == 1 and words[0].lower() in SYSTEM_LOG_TEXTS):
        return False
    verb = words[0].lower()
    if verb in PUBLIC_VERBS:
        return False
    if verb in PAY_VERBS:
        return "pay" in words
    return not (verb == "stage" and words[-1].lower() == "up")
