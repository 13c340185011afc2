"""The engine contract (engine.base.Game + concede) for Clash of Decks."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Prompt, Result
from engine.kit import GameBase
from engine.rng import new_rng, randbelow

from . import actions, bot, draft, notation, options, redact, setup, view as view_mod
from .cards import DECKS
from .state import GameOver, copy_state, finish, is_ai


def to_events(raw: list[tuple[str, dict]]) -> list[Event]:
    """The engine's raw ``(kind, params)`` pairs as contract events (all public, state.ev)."""
    return [Event(k, p) for k, p in raw]


class ClashGame(GameBase):
    grammar = notation.GRAMMAR
    log_rules = redact.VERBS
    id = "clash"
    min_seats = 1
    max_seats = 2

    # -- setup -----------------------------------------------------------------------------
    def options_schema(self) -> dict[str, dict]:
        return options.schema()

    def seat_range(self, options_: dict) -> tuple[int, int]:
        """CD-SOLO-1: a solo game seats one player against the rulebook AI; a duel seats two."""
        return (1, 1) if options_.get("mode") == "solo" else (2, 2)

    def setup(self, seats: int, options_: dict, seed: int) -> dict:
        st, _ = setup.new_state(seats, options_, seed)
        return st

    def setup_with_events(self, seats: int, options_: dict, seed: int) -> tuple[dict, list[Event]]:
        st, raw = setup.new_state(seats, options_, seed)
        return st, to_events(raw)

    # -- decisions -------------------------------------------------------------------------
    def prompts(self, state: dict) -> list[Prompt]:
        return actions.prompts(state)

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return actions.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action: dict | str) -> tuple[dict, list[Event]]:
        if state.get("result") is not None:
            raise IllegalAction("clash.err.game_over", "The game is over.")
        a = action
        if not (isinstance(a, dict) and actions.is_legal(state, seat, a)):
            a = notation.canonical(action)
            if not actions.is_legal(state, seat, a):
                raise actions.diagnose(state, seat, a)
        new = copy_state(state)
        raw: list = []
        try:
            actions.execute(new, seat, a, raw)
        except GameOver:
            pass
        return new, to_events(raw)

    def apply_inplace(self, state: dict, seat: int, action: dict) -> None:
        """engine.base.InPlaceMoves: a legal move made on ``state`` itself (playouts)."""
        try:
            actions.execute(state, seat, action, [])
        except GameOver:
            pass

    # -- information -----------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None) -> dict:
        return view_mod.view(state, viewer)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        if r is None:
            return None
        winners = list(r["winners"])
        loser = r["loser"]
        figures = {"turns": state["turn"]}
        if state["mode"] == "duel" or state["players"][0]["hand"]:
            figures["health"] = [_health(state, s) for s in (0, 1)]
        return Result(winners=winners, placements=[winners, [loser]], reason=r["reason"], figures=figures)

    def self_destructive(self, state: dict, seat: int, action: dict) -> bool:
        """Whether this move, by itself, loses ``seat`` the game: Blood Price paid with the
        last fort health (CD-BLP-2), or a play that leaves only the fort card (CD-HAND-7).
        Only plays are judged: they end before anyone else acts, so the check reveals
        nothing hidden (ending the turn starts the opponent's or the AI's)."""
        if action.get("type") not in ("play", "champion"):
            return False
        try:
            after, _events = self.apply(state, seat, action)
        except IllegalAction:
            return False
        result = self.result(after)
        return result is not None and seat not in result.winners

    def concede(self, state: dict, seat: int, reason: str) -> tuple[dict, list[Event]]:
        if state.get("result") is not None:
            raise IllegalAction("clash.err.game_over", "The game is over.")
        if seat not in (0, 1) or is_ai(state, seat):
            raise IllegalAction("clash.err.bad_seat", f"Seat {seat} cannot concede.", seat=seat)
        reason = reason if reason in ("resigned", "timeout") else "resigned"
        new = copy_state(state)
        finish(new, seat, reason)
        return new, [Event("game_over", {"winner": 1 - seat, "loser": seat, "reason": reason})]

    # -- notation (GameBase: the verb table, engine/clash/notation.py, and the log table,
    # engine/clash/redact.py) ---------------------------------------------------------------
    # continue_action (GameBase): the legal move that ends the current step for ``seat``:
    # ``end`` (phase 2 over, CD-TURN-2) or ``go`` (resume a paused phase 3, CD-AMB-10); None in
    # deck building, the champion choice, another seat's turn or a finished game.

    # -- automatic players -----------------------------------------------------------------
    def bot_action(self, state: dict, seat: int) -> dict:
        return bot.choose(state, seat)

    def timeout_action(self, state: dict, seat: int) -> dict:
        """Defaults of the "Information and decisions" table: end phase 2 / resume phase 3
        and never auto-play a card; draft: highest cost, ties by reveal order; deck choice,
        constructed deck and champion: random (from a copy of the state's RNG)."""
        legal = actions.legal_actions(state, seat)
        if not legal:
            raise IllegalAction("clash.err.not_your_decision", "Nothing to decide for this seat.", seat=seat)
        stage = state["stage"]
        rng = new_rng(state["rng"]["s"] ^ 0x5EED ^ (seat + 1) * 0x9E37)
        if stage == "play":
            return {"type": "go"} if state["pause"] else {"type": "end"}
        if stage == "draft":
            return {"type": "pick", "card": draft.auto_pick(state)}
        if stage == "constructed":
            d = list(DECKS)[randbelow(rng, len(DECKS))]
            return {"type": "build", "cards": list(DECKS[d])}
        return legal[randbelow(rng, len(legal))]


def _health(st: dict, seat: int) -> int:
    if is_ai(st, seat):
        return len(st["ai"]["deck"]) if st["ai"] else 0
    h = st["players"][seat]["hand"]
    return (len(h) - 1 - h.index("FORT")) if "FORT" in h else 0
