"""Connect Four's rules: two seats drop discs into 7 columns of 6 (or 7) rows; four in a row
(across, down or diagonal) wins; a full board is a draw. Notation: ``drop COLUMN`` (1-7)."""
from __future__ import annotations

from typing import Any

from engine.base import Event, IllegalAction, Prompt, Result
from engine.kit import GameBase
from engine.verbs import Arg, Grammar, Kind, NotationError, verb

COLUMNS = 7
LINES = ((0, 1), (1, 0), (1, 1), (1, -1))


def _column(word: str) -> int:
    if not word.isdigit() or not 1 <= int(word) <= COLUMNS:
        raise NotationError(f"{word!r} is not a column 1-{COLUMNS}")
    return int(word)


GRAMMAR = Grammar("connect4", (verb("drop", Arg("column", Kind("column", _column)), command="drop",
                                    subject="column"),))


def wins(grid: list[list[int | None]], row: int, col: int) -> bool:
    seat = grid[row][col]
    for dr, dc in LINES:
        run = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < len(grid) and 0 <= c < COLUMNS and grid[r][c] == seat:
                run, r, c = run + 1, r + sign * dr, c + sign * dc
        if run >= 4:
            return True
    return False


class ConnectFour(GameBase):
    id = "connect4"
    min_seats = max_seats = 2
    grammar = GRAMMAR

    def options_schema(self) -> dict[str, dict]:
        return {"rows": {"choices": [6, 7], "default": 6}}

    def seat_range(self, options: dict) -> tuple[int, int]:
        return (2, 2)

    def setup(self, seats: int, options: dict, seed: int) -> dict:
        if seats != 2:
            raise IllegalAction("connect4.err.seats", "Connect Four is for 2 players.", seats=seats)
        rows = options.get("rows", 6)
        return {"grid": [[None] * COLUMNS for _ in range(rows)], "turn": seed % 2, "result": None}

    def prompts(self, state: dict) -> list[Prompt]:
        return [] if state["result"] else [Prompt(state["turn"], "turn", "connect4.prompt.turn")]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        if state["result"] or seat != state["turn"]:
            return []
        return [{"type": "drop", "column": c + 1} for c in range(COLUMNS) if state["grid"][0][c] is None]

    def apply(self, state: dict, seat: int, action: Any) -> tuple[dict, list[Event]]:
        a = self.parse_action(action if isinstance(action, str) else self.format_action(action))
        if a not in self.legal_actions(state, seat):
            if seat != state["turn"] or state["result"]:
                raise IllegalAction("connect4.err.not_your_turn", "Not your turn.")
            raise IllegalAction("connect4.err.full", "That column is full.", column=a.get("column"),
                                legal=[self.format_action(m) for m in self.legal_actions(state, seat)])
        grid = [list(r) for r in state["grid"]]
        col = a["column"] - 1
        row = max(r for r in range(len(grid)) if grid[r][col] is None)
        grid[row][col] = seat
        new = {"grid": grid, "turn": 1 - seat, "result": None}
        events = [Event("dropped", {"seat": seat, "column": col + 1})]
        if wins(grid, row, col):
            new["result"] = {"winners": [seat], "reason": "four"}
        elif all(v is not None for v in grid[0]):
            new["result"] = {"winners": [], "reason": "full"}
        return new, events

    def view(self, state: dict, viewer: int | None) -> dict:
        return state

    def result(self, state: dict) -> Result | None:
        r = state["result"]
        if r is None:
            return None
        placements = [r["winners"], [1 - r["winners"][0]]] if r["winners"] else [[0, 1]]
        return Result(list(r["winners"]), placements, r["reason"])

    def concede(self, state: dict, seat: int, reason: str) -> tuple[dict, list[Event]]:
        return {**state, "result": {"winners": [1 - seat], "reason": "resigned"}}, []

    def bot_action(self, state: dict, seat: int) -> dict:
        """Win now, else stop the opponent's four, else the playable column nearest the middle."""
        legal = self.legal_actions(state, seat)
        for who in (seat, 1 - seat):
            for a in legal:
                grid = [list(r) for r in state["grid"]]
                col = a["column"] - 1
                row = max(r for r in range(len(grid)) if grid[r][col] is None)
                grid[row][col] = who
                if wins(grid, row, col):
                    return a
        return min(legal, key=lambda a: abs(a["column"] - 4))

    def timeout_action(self, state: dict, seat: int) -> dict:
        return self.bot_action(state, seat)


GAME = ConnectFour()
