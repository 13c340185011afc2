"""The closed vocabulary of command phases, keywords and faction effects (ES-KW, ES-KW-15,
ES-FAC, docs/evs/engine.md "Content"). Content naming anything not listed here fails to load
(content.py). Every entry has exact engine semantics, given here and implemented by the
small pure functions below (the rules modules call them; they read no state).

Phase kinds (each phase is one keyword action, ES-KW-1, ES-AMB-19):

- ``move``   ``{"mp": N}``: mobility N (机动, ES-KW-13, ES-AMB-23).
- ``engage`` ``{"range": "melee"}`` or ``{"range": "ranged", "reach": N}``, optional
  ``"attack"`` icons (+1 power each, ES-KW-11) and ``"morale"`` icons (+1 morale effect each,
  ES-KW-12) (交战, ES-KW-8..10, ES-AMB-21/22).
- ``defend`` ``{"defence": icons, "morale": icons}``: the defence action of a card with the
  defence marker (ES-DEF, ES-AMB-21).
- ``heal``   ``{"n": N}`` (extra keyword, ES-KW-15): the executing unit removes up to N of its
  wound markers. A non-combat phase: on a defence card it resolves when the card is played
  (ES-DEF-4).

Extra keywords on a phase (ES-KW-15):

- ``charge: N`` (engage only): the engagement gets +N power if the executing unit has moved
  at least one step earlier in the same command (an earlier move phase of this card).
- ``phalanx: true`` (engage or defend): +1 power for each other own unit adjacent to the
  executing unit when the power is computed, at most +2.

Faction effects (ES-FAC-1, ES-AMB-36), each ``{"trigger", "effect", "n"}``:

- trigger ``attack_repelled``: an attack on one of the faction's units dealt no damage
  (step 6 damage <= 0), checked after step 7 of that attack;
- trigger ``enemy_destroyed``: an attack in which the faction's units took part destroyed
  its target, checked after step 7;
- effect ``shake_attacker``: the attacking player shakes ``n``;
- effect ``shake_defender``: the attacked player (the target's owner) shakes ``n``, a shake
  event of its own after the step-6 and step-7 shakes;
- effect ``heal_participants``: each surviving unit of the faction that took part in the
  attack removes up to ``n`` wound markers.
"""
from __future__ import annotations

PHASE_KINDS = ("move", "engage", "defend", "heal")
RANGES = ("melee", "ranged")
MAX_PHASES = 3
MAX_REACH = 5
PHALANX_CAP = 2

# kind -> (required keys, optional keys with defaults)
PHASE_KEYS: dict[str, tuple[frozenset[str], dict[str, object]]] = {
    "move": (frozenset({"kind", "mp"}), {}),
    "engage": (frozenset({"kind", "range"}), {"reach": 1, "attack": 0, "morale": 0, "charge": 0, "phalanx": False}),
    "defend": (frozenset({"kind"}), {"defence": 0, "morale": 0, "phalanx": False}),
    "heal": (frozenset({"kind", "n"}), {}),
}
EXTRA_KEYWORDS = ("charge", "phalanx", "heal")
COMBAT_KINDS = frozenset({"engage", "defend"})

FACTION_TRIGGERS = ("attack_repelled", "enemy_destroyed")
FACTION_EFFECTS = ("shake_attacker", "shake_defender", "heal_participants")
# which effect makes sense with which trigger
TRIGGER_EFFECTS = {"attack_repelled": ("shake_attacker",), "enemy_destroyed": ("heal_participants", "shake_defender")}


def phalanx_bonus(phase: dict, adjacent_allies: int) -> int:
    """``phalanx``: +1 per adjacent other own unit, at most PHALANX_CAP."""
    return min(PHALANX_CAP, adjacent_allies) if phase.get("phalanx") else 0


def charge_bonus(phase: dict, moved_steps: int) -> int:
    """``charge: N``: +N when the unit moved at least one step earlier in this command."""
    return int(phase.get("charge", 0)) if moved_steps > 0 else 0


def heal_amount(phase: dict, wounds: int) -> int:
    """``heal: N``: the wounds removed (never below 0 wounds)."""
    return min(int(phase["n"]), wounds)


def reach(phase: dict) -> int:
    """An engagement's range: 1 for melee (ES-KW-9), N for ranged N (ES-KW-10)."""
    return 1 if phase["range"] == "melee" else int(phase.get("reach", 1))
