"""The engine's contract class (``Cloudspire``; ``GAME`` is its one instance, exported by the
package) on the kit (engine/kit.py: notation, move metadata and a command's move from the verb
table in notation.py, the log from redact.py's table), and the entry points as module-level
functions for callers that want them (benchmarks, tools, tests): set-up, who acts, prompts,
legal actions, apply, result, concede.

The package, lowest layer first: a module imports only modules listed before it (or before
it in its own row); tests/games/cloudspire/engine/test_structure.py checks there is no import
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
modes.py              the designed modes' encounters and seats (data/encounters.json)
designed.py           the designed modes in play: adjustments, objectives, endless
options.py, opening.py  match options; set-up (factions, guided map, decks, first wave)
turns.py              acting_seats, prompts
legal.py              legal_actions, continue_action
dispatch.py           carrying out one action; advance.py: the automatic steps after it
bot/                  timeout defaults, the default bot, the strong bot
apply.py              apply / apply_inplace (checks, refusals), policies, concede, result
scenario.py           building positions for tests and puzzles (docs/scenarios.md)
view.py, redact.py    what each seat may see: the view, the log
game.py               the contract class GAME and this facade
====================  =====================================================================
"""
from __future__ import annotations

from typing import Any

from ..base import Event, Prompt, Result
from ..kit import GameBase
from . import legal, modes, notation, opening, redact, turns
from . import apply as apply_mod
from .advance import advance
from .apply import apply, apply_inplace, autoplay_conceded, concede, result
from .errors import illegal
from .legal import attack_state, continue_action, legal_actions
from .opening import after_factions, setup
from .options import OPTIONS
from .prep import default_stack
from .bot import bot_action, strong_bot_action, timeout_action
from .options import options_schema
from .turns import acting_seats, prompt_key, prompts
from .types import Action, State
from .view import view

# Names from before the split into modules, still used by view.py and tools.
_prompt_key = prompt_key
_after_factions = after_factions
_attack_state = attack_state

__all__ = ("OPTIONS", "acting_seats", "advance", "after_factions", "apply", "apply_inplace", "attack_state",
           "autoplay_conceded", "concede", "continue_action", "default_stack", "illegal", "legal_actions",
           "prompt_key", "prompts", "result", "setup")


class Cloudspire(GameBase):
    grammar = notation.GRAMMAR
    log_rules = redact.VERBS
    id = "cloudspire"
    min_seats = 2
    max_seats = 4

    def options_schema(self) -> dict[str, dict]:
        return options_schema()

    def seat_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """CS-TEAM-1: the team game is exactly four; the tutorial map is a duel; otherwise 2-4."""
        return opening.seat_range(options)

    def team_seats(self, options: dict[str, Any], seats: int | None = None) -> list[list[int]] | None:
        """CS-TEAM-1: in the 2 vs 2 game seats 0 and 2 play against seats 1 and 3; CS-DM-3: a
        designed game's people (seats 0..P-1) against its Cloud (P..N-1)."""
        return opening.team_seats(options, seats)

    def people_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """How many people a lobby seats: a designed game's people (CS-DM-1), else every seat."""
        if modes.is_designed(options):
            return modes.people_range(options)
        return opening.seat_range(options)

    def house_seats(self, options: dict[str, Any], people: int) -> list[dict[str, Any]]:
        """The seats the host adds after the people: a designed game's Cloud, one bot per
        faction (``faction`` None where it depends on the people's: endless), CS-DM-1."""
        if not modes.is_designed(options):
            return []
        level = options.get("difficulty", "normal")
        return [{"bot": True, "cloud": True, "level": level, "faction": f} for f in modes.cloud_factions(options)]

    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        return opening.setup(seats, options, seed)

    def prompts(self, state: State) -> list[Prompt]:
        return turns.prompts(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        return apply_mod.apply(state, seat, action)

    def apply_inplace(self, state: State, seat: int, action: Action) -> None:
        """engine.base.InPlaceMoves: a move made on ``state`` itself, unchecked (playouts)."""
        apply_mod.apply_inplace(state, seat, action, check=False)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        return apply_mod.result(state)

    def concede(self, state: State, seat: int, reason: str) -> tuple[State, list[Event]]:
        return apply_mod.concede(state, seat, reason)

    # format_action, parse_action, action_info, move_from_command (GameBase: notation.VERBS);
    # log_text, log_hidden (GameBase: redact.VERBS)

    def continue_action(self, state: State, seat: int) -> Action | None:
        """The first legal of next / end / skip / pass / lock (notation.CONTINUE_ORDER), by
        that preference rather than by the order of the legal moves."""
        return legal.continue_action(state, seat)

    def bot_action(self, state: State, seat: int) -> Action | None:
        """The strong bot; a Cloud seat of an encounter played by the default bot (CS-DM-10)."""
        d = state.get("designed")
        if d is not None and seat in d["cloud"] and modes.bot_level(state["options"]) == "simple":
            return bot_action(state, seat)
        return strong_bot_action(state, seat)

    def off_turn(self, action: Action) -> bool:
        """Standing policies may be set by any seat at any time (they are not moves)."""
        return isinstance(action, dict) and action.get("type") == "pol"

    def timeout_action(self, state: State, seat: int) -> Action | None:
        return timeout_action(state, seat)


GAME = Cloudspire()
