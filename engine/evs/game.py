"""The engine contract (engine.base.Game + concede) for Empire vs Steppe."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Prompt, Result
from engine.kit import GameBase
from engine.rng import new_rng, randbelow

from . import actions, bot, notation, options, redact, setup, standing, vanguard
from . import view as view_mod
from .state import GameOver, copy_state, ev, finish

REASONS = ("annihilated", "collapse", "resigned", "timeout")


class EvsGame(GameBase):
    grammar = notation.GRAMMAR
    id = "evs"
    min_seats = 2
    max_seats = 2

    # -- setup -----------------------------------------------------------------------------
    def options_schema(self) -> dict[str, dict]:
        return options.schema()

    def seat_range(self, options_: dict) -> tuple[int, int]:
        """ES-GEN-1: exactly 2 players."""
        return (2, 2)

    def setup(self, seats: int, options_: dict, seed: int) -> dict:
        st, _ = setup.new_state(seats, options_, seed)
        return st

    def setup_with_events(self, seats: int, options_: dict, seed: int) -> tuple[dict, list[Event]]:
        return setup.new_state(seats, options_, seed)

    # -- decisions -------------------------------------------------------------------------
    def prompts(self, state: dict) -> list[Prompt]:
        return actions.prompts(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return actions.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict | str) -> tuple[dict, list[Event]]:
        if state.get("result") is not None:
            raise IllegalAction("evs.err.game_over", "The game is over.")
        if seat not in (0, 1):  # ES-GEN-1: two seats; a negative index must not pass as seat 1
            raise IllegalAction("evs.err.no_seat", "There is no such seat.", seat=seat)
        a = notation.canonical(action)
        if a["type"] == "pol":  # a standing order, not a move: any time, never in legal_actions
            return self._set_order(state, seat, a)
        if not actions.is_legal(state, seat, a):
            raise actions.diagnose(state, seat, a)
        new = copy_state(state)
        events: list[Event] = []
        try:
            actions.execute(new, seat, a, events)
        except GameOver:
            pass
        return new, events

    def apply_inplace(self, state: dict, seat: int, action: dict) -> None:
        """engine.base.InPlaceMoves: a legal move made on ``state`` itself (playouts)."""
        try:
            actions.execute(state, seat, action, [])
        except GameOver:
            pass

    def _set_order(self, state: dict, seat: int, a: dict) -> tuple[dict, list[Event]]:
        new = copy_state(state)
        events: list[Event] = []
        standing.set_order(new, seat, a["key"], a["value"])
        pending = new["pending"]
        if pending is not None and pending["kind"] == "defence" and pending["seat"] == seat:
            try:  # one's own open window is answered under the new order at once
                if standing.carry_out(new, events):
                    actions.settle_after(new, events)
            except GameOver:
                pass
        return new, events

    def off_turn(self, action: dict) -> bool:
        """Standing defence orders may be set by either seat at any time (not moves)."""
        return isinstance(action, dict) and action.get("type") == "pol"

    # -- information -----------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None) -> dict:
        return view_mod.view(state, viewer)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        if r is None:
            return None
        winners = list(r["winners"])
        return Result(winners=winners, placements=[winners, [r["loser"]]], reason=r["reason"],
                      figures={"turns": state["turn"], "track": list(state["track"]),
                               "units": [sum(1 for u in state["units"].values() if u["seat"] == s) for s in (0, 1)]})

    def concede(self, state: dict, seat: int, reason: str) -> tuple[dict, list[Event]]:
        if state.get("result") is not None:
            raise IllegalAction("evs.err.game_over", "The game is over.")
        if seat not in (0, 1):
            raise IllegalAction("evs.err.bad_seat", f"Seat {seat} cannot concede.", seat=seat)
        reason = reason if reason in ("resigned", "timeout") else "resigned"
        new = copy_state(state)
        finish(new, seat, reason)
        events: list[Event] = []
        ev(events, "game_over", winner=1 - seat, loser=seat, reason=reason)
        return new, events

    # -- notation (the verb table: engine/evs/notation.py) -------------------------------
    def log_text(self, state: dict, actor: int | None, viewer: int | None, text: str) -> str:
        return redact.log_text(state, actor, viewer, text)

    def log_hidden(self, text: str) -> bool:
        return redact.log_hidden(text)

    # continue_action (GameBase): ``done`` (end Deploy / Action / Rally), ``nodefend`` (close
    # the defence window), ``noflip`` / ``nomorale`` (decline a mobility flip / a just-drawn
    # morale card) or ``pass`` (end one's vanguard deployment), when legal for ``seat``.

    # -- automatic players -----------------------------------------------------------------
    def bot_action(self, state: dict, seat: int) -> dict:
        return bot.choose(state, seat)

    def timeout_action(self, state: dict, seat: int) -> dict:
        """Defaults of the rules' decision table: the standard set for a pick; the first
        vanguard unit as a random unit on a random legal cell, later a pass; declare Deploy +
        Action; end Deploy / Action / Rally at once; no defence; a terrain penalty paid with a
        mobility point if one is left, else shake 1; no mobility flip (a revealed card on a
        random legal cell); the just-drawn morale card not played; a tokens or heal effect on
        its first target (deterministic from the state's RNG)."""
        legal = actions.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("evs.err.not_your_turn", "Nothing to decide for this seat.", seat=seat)
        phase = state["phase"]
        if phase == "select":
            return {"type": "pick", "card": setup.STANDARD}
        pending = state["pending"]
        if phase == "terrain" or (pending is not None and pending["kind"] == "terrain"):  # a random legal cell
            rng = new_rng(state["rng"]["s"] ^ 0x7E22 ^ (seat + 1) * 0x9E37)
            return legal[randbelow(rng, len(legal))]
        if phase == "vanguard":
            if vanguard.can_pass(state, seat):
                return {"type": "pass"}
            rng = new_rng(state["rng"]["s"] ^ 0x5EED ^ (seat + 1) * 0x9E37)
            return legal[randbelow(rng, len(legal))]
        if pending is not None:
            kind = pending["kind"]
            if kind == "penalty":
                mp = {"type": "penalty", "option": "mp", "pay": []}
                return mp if mp in legal else {"type": "penalty", "option": "shake", "pay": []}
            if kind in ("tokens", "heal"):
                return legal[0]
            return {"type": {"defence": "nodefend", "flip": "noflip", "morale": "nomorale"}[kind]}
        if {"type": "done"} in legal:
            return {"type": "done"}
        return {"type": "declare", "first": "deploy", "second": "action"}
