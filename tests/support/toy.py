"""A tiny complete game ("race to 10") used to test the host without any real game's rules."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Prompt, Result
from engine import rng as rngmod

TARGET = 10


class RaceGame:
    id = "race"
    min_seats = 2
    max_seats = 2

    def options_schema(self):
        return {"target": {"choices": [5, 10], "default": 10}}

    def seat_range(self, options):
        return (2, 2)

    def setup(self, seats, options, seed):
        rng = rngmod.new_rng(seed)
        return {"schema": 1, "total": 0, "turn": rngmod.randbelow(rng, seats), "seats": seats,
                "target": options.get("target", TARGET), "rng": rng, "winner": None, "reason": None}

    def prompts(self, state):
        if state["winner"] is not None:
            return []
        return [Prompt(state["turn"], "turn", "race.prompt")]

    def legal_actions(self, state, seat):
        if state["winner"] is not None or seat != state["turn"]:
            return []
        return [{"add": 1}, {"add": 2}]

    def apply(self, state, seat, action):
        if state["winner"] is not None:
            raise IllegalAction("race.err.over", "The game is over.")
        if seat != state["turn"]:
            raise IllegalAction("race.err.turn", "Not your turn.")
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("race.err.bad", "Add 1 or 2.", legal=["add 1", "add 2"])
        new = dict(state, total=state["total"] + action["add"])
        events = [Event("added", {"seat": seat, "n": action["add"]})]
        if new["total"] >= new["target"]:
            new["winner"], new["reason"] = seat, "reached"
        else:
            new["turn"] = (seat + 1) % state["seats"]
        return new, events

    def view(self, state, viewer):
        return {k: v for k, v in state.items() if k != "rng"}

    def result(self, state):
        if state["winner"] is None:
            return None
        w = state["winner"]
        return Result([w], [[w], [1 - w]], state["reason"], {"total": state["total"]})

    def concede(self, state, seat, reason):
        return dict(state, winner=1 - seat, reason=reason), [Event("conceded", {"seat": seat})]

    def format_action(self, action):
        return f"add {action['add']}"

    def parse_action(self, text):
        parts = text.split()
        if len(parts) != 2 or parts[0] != "add" or not parts[1].isdigit():
            raise IllegalAction("race.err.notation", f"Cannot read {text!r}.")
        return {"add": int(parts[1])}

    def log_text(self, state, actor, viewer, text):
        """The toy keeps each step's size secret from the others until the race is over."""
        if actor is None or actor == viewer or state["winner"] is not None or not text.startswith("add "):
            return text
        return "add ?"

    def log_hidden(self, text):
        return text.startswith("add ")

    def bot_action(self, state, seat):
        return {"add": 2}

    def timeout_action(self, state, seat):
        return {"add": 1}


GAME = RaceGame()
