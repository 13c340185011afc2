"""A toy with a defence window, for the host's timeout rules: each ``add`` by the seat whose
turn it is opens a reaction for the other seat (``block`` or ``pass``); once it is answered,
the turn passes to the reacting seat at once (as an Empire vs Steppe Action that has nothing
left to do ends by itself)."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Prompt

from tests.support.toy import RaceGame


class WindowGame(RaceGame):
    id = "window"

    def setup(self, seats, options, seed):
        return dict(super().setup(seats, options, seed), turn=0, window=None)

    def prompts(self, state):
        if state["winner"] is not None:
            return []
        if state["window"] is not None:
            return [Prompt(state["window"], "reaction", "window.prompt.react")]
        return [Prompt(state["turn"], "turn", "race.prompt")]

    def legal_actions(self, state, seat):
        if state["winner"] is not None:
            return []
        if state["window"] is not None:
            return [{"react": "block"}, {"react": "pass"}] if seat == state["window"] else []
        return [{"add": 1}, {"add": 2}] if seat == state["turn"] else []

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("race.err.bad", "Not now.")
        if "react" in action:
            new = dict(state, window=None, turn=seat)
            return new, [Event("reacted", {"seat": seat, "how": action["react"]})]
        new, events = super().apply(state, seat, action)
        if new["winner"] is None:
            new["turn"], new["window"] = seat, 1 - seat
        return new, events

    def format_action(self, action):
        return f"react {action['react']}" if "react" in action else super().format_action(action)

    def parse_action(self, text):
        parts = text.split()
        if len(parts) == 2 and parts[0] == "react" and parts[1] in ("block", "pass"):
            return {"react": parts[1]}
        return super().parse_action(text)

    def bot_action(self, state, seat):
        return {"react": "block"} if state["window"] is not None else {"add": 2}

    def timeout_action(self, state, seat):
        return {"react": "pass"} if state["window"] is not None else {"add": 1}


GAME = WindowGame()
