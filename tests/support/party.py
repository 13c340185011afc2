"""A tiny 3-4 player game (or 2 vs 2 with ``mode: teams``) for tournament tests: players pass in
turn and leave by conceding; the last one (or the last team) standing wins, the others are
placed in the reverse order they left."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Prompt, Result


class PartyGame:
    id = "party"

    def options_schema(self):
        return {"mode": {"choices": ["ffa", "teams"], "default": "ffa"}}

    def seat_range(self, options):
        return (4, 4) if options.get("mode") == "teams" else (3, 4)

    def team_seats(self, options):
        return [[0, 2], [1, 3]] if options.get("mode") == "teams" else None

    def setup(self, seats, options, seed):
        teams = [s % 2 for s in range(seats)] if options.get("mode") == "teams" else None
        return {"seats": seats, "turn": 0, "out": [], "teams": teams, "done": False, "passes": 0}

    def _live(self, state):
        return [s for s in range(state["seats"]) if s not in state["out"]]

    def prompts(self, state):
        return [] if state["done"] else [Prompt(state["turn"], "turn", "party.prompt")]

    def legal_actions(self, state, seat):
        return [] if state["done"] or seat != state["turn"] else [{"type": "pass"}]

    def apply(self, state, seat, action):
        if seat != state["turn"] or state["done"]:
            raise IllegalAction("party.err.turn", "Not your turn.")
        live = self._live(state)
        nxt = live[(live.index(seat) + 1) % len(live)]
        return dict(state, turn=nxt, passes=state["passes"] + 1), [Event("passed", {"seat": seat})]

    def concede(self, state, seat, reason):
        leaving = [seat]
        if state["teams"]:
            leaving = [s for s in range(state["seats"]) if state["teams"][s] == state["teams"][seat]]
        new = dict(state, out=state["out"] + [s for s in leaving if s not in state["out"]])
        live = self._live(new)
        teams_left = {new["teams"][s] for s in live} if new["teams"] else set(live)
        new["done"] = len(teams_left) <= 1
        if not new["done"]:
            new["turn"] = live[0] if state["turn"] in leaving else state["turn"]
        return new, [Event("conceded", {"seat": seat})]

    def view(self, state, viewer):
        return dict(state)

    def result(self, state):
        if not state["done"]:
            return None
        live = self._live(state)
        if state["teams"]:
            losing = state["out"]
            return Result(live, [live, losing], "last_team", {})
        order = [live] + [[s] for s in reversed(state["out"])]
        return Result(live, order, "last_standing", {})

    def format_action(self, action):
        return "pass"

    def parse_action(self, text):
        if text.strip() != "pass":
            raise IllegalAction("party.err.notation", "Only pass.")
        return {"type": "pass"}

    def bot_action(self, state, seat):
        return {"type": "pass"}

    def timeout_action(self, state, seat):
        return {"type": "pass"}


GAME = PartyGame()
