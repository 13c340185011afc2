"""What each logged Cloudspire move shows to other seats and to spectators: the LogRule table
(``VERBS``) that ``GAME.log_text`` / ``GAME.log_hidden`` read (engine/kit.py GameBase,
engine.base.redact_log_text).

One row per verb of the notation grammar (notation.py). "Information" is the rules' table
"What is public and what is private" (section "Information and decisions").

====================  ===========  =============================================================
verb                  others see   why, and when it becomes public
====================  ===========  =============================================================
pick                  unchanged    Factions are picked openly in turn (CS-SET-2).
isle, fort            unchanged    Isles are revealed and fortresses attached on the table
                                   (CS-SET-8/9/10/11); the map is public.
buy, pass             unchanged    Market turns are open; purchases lie beside the barracks,
                                   which is public (CS-MKT-3/4/6; Information).
build, up             unchanged    Spires with their full ordered chip stacks are public
                                   (CS-BLD-3/4, CS-LBO-1; Information).
es, skip              unchanged    Earthscape placement and its optional spire (CS-BLD-6).
adv                   unchanged    Advancement pegs are public (CS-BLD-7; Information).
end, next             unchanged    Turn structure (CS-BLD-1, CS-ONS-2/3).
mark                  unchanged    Marks are declared and public (CS-PREP-1, CS-MP-7,
                                   CS-TEAM-3; Information).
lock                  unchanged    Placing the stack: its height and top unit are public
                                   (CS-PREP-9/11, CS-AMB-33; Information), as the
                                   ``stack_locked`` event already says.
relic                 unchanged    Relics are held face down until played; playing one reveals
                                   it (CS-AMB-44, CS-RWD-3).
die                   unchanged    Die results are public once rolled (CS-SET-5; Information).
mv, mm                unchanged    Movement on the public map; units leave the stack only from
                                   the top, in stack order (CS-MOV-1/3/5/9).
explore, reveal,      unchanged    Which landmark is explored, and whether it is flipped, happen
hide                               on the table; the face seen stays private to the explorer
                                   (CS-EXP-2/7) and is not in the notation (it travels in the
                                   private ``peek`` event).
atk                   unchanged    Attacks are public (CS-ATK-1).
lvl                   unchanged    Upgrade chips of units on the map are public (CS-HERO-3/4).
free                  unchanged    The reward spire is built on the map (CS-RWD-1, CS-AMB-41).
fire                  unchanged    Spire attacks are public (CS-FIRE-1/4).
add, join, equip,     ``?``        Private: the deployment stack is built secretly; "deployment
undo, autostack                    stack contents and order: owner", "minions grouped under a
                                   group's top minion: owner" (CS-PREP-3..8, CS-PREP-11,
                                   CS-MKT-7, CS-AMB-33; Information). The verb is hidden too:
                                   ``join`` tells how many minions hide in groups, and
                                   ``autostack`` tells the whole stack, because the default
                                   stack is computed from public facts only (barracks, CP,
                                   purchases). So all five look alike. Never public: each unit
                                   becomes public when it deploys, through its own public
                                   ``mv``/``mm`` entry (CS-MOV-3); minions under a group's top
                                   and the order of selection never do. CS-AMB-33 lets players
                                   later in turn order see earlier locked stacks during that
                                   Prep; the view (``prep.earlier``) serves that, the log does
                                   not, since a log line does not say which wave it belongs to.
pol                   ``pol ? ?``  Standing policies are private settings of the asynchronous
                                   host (the rules' "Notes for an asynchronous bot": standing
                                   preferences instead of off-turn decisions; the view shows
                                   them to their owner only). Nothing makes them public.
====================  ===========  =============================================================

2 vs 2: team-mates are "friendly" for attacks and swaps (CS-TEAM-4, CS-AMB-19), but no rule
lets them see each other's hidden stack or settings (CS-TEAM-1..6 add nothing to the
Information table), so a team-mate sees what an opponent sees.
Nothing hidden becomes public at the end of the game: no rule reveals stacks or policies then.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..base import PUBLIC, LogRule

_STACK = LogRule("?", None, "CS-PREP-3..8, CS-PREP-11, CS-MKT-7, CS-AMB-33: the deployment stack is private")

VERBS: Mapping[str, LogRule] = MappingProxyType({
    **{v: PUBLIC for v in ("pick", "isle", "fort", "buy", "pass", "build", "up", "es", "skip", "adv", "end",
                           "mark", "lock", "relic", "die", "next", "mv", "mm", "explore", "reveal", "hide",
                           "atk", "lvl", "free", "fire")},
    **{v: _STACK for v in ("add", "join", "equip", "undo", "autostack")},
    "pol": LogRule("pol ? ?", None, "Information and decisions, notes for an asynchronous bot: private settings"),
})

