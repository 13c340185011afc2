"""The engine's entry points in one place, for callers that want module-level functions
(playouts, benchmarks, tools): set-up, who acts, prompts, legal actions, apply, result,
concede. The GAME object (``engine.cloudspire.GAME``, __init__.py) is the engine.base
contract over the same functions.

The package, lowest layer first: a module imports only modules listed before it (or before
it in its own row); tests/engine/cloudspire/test_structure.py checks there is no import
circle.

====================  =====================================================================
types.py              TypedDicts: the state and its parts, actions, prompt params
hexgeo.py, reach.py   the hex lattice; distances for ranges (CS-MAP-9)
content.py, names.py  data/*.json, loaded and validated; content names (engine/names.py)
notation.py           the verb table: parse, format, ActionInfo; errors.py: refusals
emit.py               raising events (engine.base.Event, ``visible_to`` for private ones)
mapgen.py, state.py   the map; a new state and shared rule helpers
market.py, build.py,  the market; influence and building; the Prep and the stacks;
prep.py, decks.py,    the event and relic decks; exploring; the result
explore.py,
scoring.py
movement.py           minion and hero movement (CS-MOV)
combat.py             attacks, damage, defeats, rewards, level-ups, spires firing
cards.py              event cards and relics in play
phases.py             the wave: income, market/build turns, the Onslaught, end of wave
options.py, opening.py  match options; set-up (factions, guided map, decks, first wave)
turns.py              acting_seats, prompts
legal.py              legal_actions, continue_action
dispatch.py           carrying out one action; advance.py: the automatic steps after it
bot/                  timeout defaults, the default bot, the strong bot
apply.py              apply / apply_inplace (checks, refusals), policies, concede, result
game.py, playout.py   this facade; whole-game playouts
scenario.py           building positions for tests and puzzles (docs/scenarios.md)
view.py, redact.py    what each seat may see: the view, the log
====================  =====================================================================
"""
from __future__ import annotations

from .advance import advance
from .apply import apply, apply_inplace, autoplay_conceded, concede, result
from .errors import illegal
from .legal import attack_state, continue_action, legal_actions
from .opening import after_factions, setup
from .options import OPTIONS
from .prep import default_stack
from .turns import acting_seats, prompt_key, prompts

# Names from before the split into modules, still used by view.py and tools.
_prompt_key = prompt_key
_after_factions = after_factions
_attack_state = attack_state

__all__ = ("OPTIONS", "acting_seats", "advance", "after_factions", "apply", "apply_inplace", "attack_state",
           "autoplay_conceded", "concede", "continue_action", "default_stack", "illegal", "legal_actions",
           "prompt_key", "prompts", "result", "setup")
