"""The 20 special abilities (CD-ABL-4) as engine ids and bit flags.

Abilities are kept as integer bit masks inside the engine for speed; views and data use the
names. A creature can hold an ability only once (CD-ABL-2), which a bit mask gives for free.
"""
from __future__ import annotations

from collections.abc import Iterable

ABILITIES: tuple[str, ...] = (
    "FLYING", "AQUATIC", "AURA", "FRENZY", "CATALYST", "PROTECTION", "RAGE",
    "REGENERATION", "BLADE", "SWEEP", "THORNS", "IMMORTAL", "RETALIATE", "MERCENARY",
    "PIERCE", "BLOOD_PRICE", "DASH", "POSSESS", "VANISH", "WEAKEN",
)

BIT: dict[str, int] = {name: 1 << i for i, name in enumerate(ABILITIES)}

FLYING = BIT["FLYING"]
AQUATIC = BIT["AQUATIC"]
AURA = BIT["AURA"]
FRENZY = BIT["FRENZY"]
CATALYST = BIT["CATALYST"]
PROTECTION = BIT["PROTECTION"]
RAGE = BIT["RAGE"]
REGENERATION = BIT["REGENERATION"]
BLADE = BIT["BLADE"]
SWEEP = BIT["SWEEP"]
THORNS = BIT["THORNS"]
IMMORTAL = BIT["IMMORTAL"]
RETALIATE = BIT["RETALIATE"]
MERCENARY = BIT["MERCENARY"]
PIERCE = BIT["PIERCE"]
BLOOD_PRICE = BIT["BLOOD_PRICE"]
DASH = BIT["DASH"]
POSSESS = BIT["POSSESS"]
VANISH = BIT["VANISH"]
WEAKEN = BIT["WEAKEN"]

# The abilities offered by custom difficulty option (e) (CD-CUS-6).
CUSTOM_AI_ABILITIES: tuple[str, ...] = (
    "BLADE", "FRENZY", "VANISH", "PIERCE", "RAGE", "DASH", "AQUATIC", "CATALYST",
    "RETALIATE", "PROTECTION", "SWEEP",
)


def mask_of(names: Iterable[str]) -> int:
    m = 0
    for n in names:
        m |= BIT[n]
    return m


def names_of(mask: int) -> list[str]:
    return [n for n in ABILITIES if mask & BIT[n]]
