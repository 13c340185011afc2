"""A toy of simultaneous phases, for the host's timeout rules: each round every seat says
``done`` to a ``plan`` phase, then to a ``buy`` phase: two simultaneous decisions in a row for
the same seats, with the same prompt kind and different prompt keys."""
from __future__ import annotations

from engine.base import Event, IllegalAction, Prompt

from tests.support.toy import RaceGame

PHASES = ("plan", "buy")


class PhasesGame(RaceGame):
    id = "phases"

    def setup(self, seats, options, seed):
        return dict(super().setup(seats, options, seed), round=1, phase="plan", done=[], acted=[])

    def prompts(self, state):
        if state["winner"] is not None:
            return []
        return [Prompt(s, "simultaneous", f"phases.prompt.{state['phase']}", {"round": state["round"]})
                for s in range(state["seats"]) if s not in state["done"]]

    def legal_actions(self, state, seat):
        if state["winner"] is not None or seat in state["done"]:
            return []
        return [{"do": "work"}, {"do": "done"}]

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("race.err.bad", "Not now.")
        if action["do"] == "work":
            return dict(state, acted=state["acted"] + [[state["round"], state["phase"], seat]]), [
                Event("worked", {"seat": seat})]
        new = dict(state, done=state["done"] + [seat])
        if len(new["done"]) == state["seats"]:
            if state["phase"] == "plan":
                new.update(phase="buy", done=[])
            else:
                new.update(phase="plan", done=[], round=state["round"] + 1)
        return new, [Event("done", {"seat": seat})]

    def format_action(self, action):
        return action["do"]

    def parse_action(self, text):
        if text not in ("work", "done"):
            raise IllegalAction("race.err.notation", f"Cannot read {text!r}.")
        return {"do": text}

    def log_text(self, state, actor, viewer, text):
        return text

    def log_hidden(self, text):
        return False

    def bot_action(self, state, seat):
        return {"do": "done"}

    def timeout_action(self, state, seat):
        return {"do": "done"}


GAME = PhasesGame()
