"""The engine contract (engine.base.Game + concede) for Kingdom Rush: Rift in Time.

Not registered yet (gamehost/registry.py); ``GAME`` is exposed here for when it is.

Options (``options_schema``): ``scenario`` (a scenario id, default the first of the campaign),
``difficulty`` (easy | normal | hard, default normal), ``hero1`` .. ``hero4`` (the hero of seat
1..4; defaults alleria, lilith, malik, magnus; seats beyond the player count are ignored; every
hero at most once) and ``bench`` (solo only: up to 3 more heroes, KR-SOLO-6; ``+``-joined in
options text). ``setup`` also accepts the state's own form ``{"heroes": [...], "bench": [...]}``.

Results are co-operative (KR-GEN-1): every seat wins together (``winners`` = all seats) or
loses together (``winners`` = []). ``placements`` put the whole team in one group against the
game itself, index ``len(seats)`` (the host's "rulebook AI" index, gamehost/ratings.py):
``[[seats...], [n]]`` after a victory, ``[[n], [seats...]]`` after a defeat. ``reason``:
``victory_portals`` | ``victory_survive`` | ``victory_boss`` | ``kingdom_destroyed`` |
``portal_reached_kingdom`` | ``boss_reached_kingdom`` | ``resigned`` | ``timeout``.
"""
from __future__ import annotations

from typing import Any

from engine.base import Event, IllegalAction, Prompt, Result
from engine.kit import GameBase

from . import bot, displacement, notation, redact, rounds, setup, towers
from . import view as view_mod
from .content import HERO_IDS, SCENARIOS, SPELLS
from .spells import check_choice
from .state import GameOver, copy_state, ev, finish

SEAT_HEROES = tuple(f"hero{i}" for i in range(1, 5))


def options_schema() -> dict[str, dict]:
    schema = {
        "scenario": {"choices": list(SCENARIOS), "default": next(iter(SCENARIOS)), "headline": True},
        "difficulty": {"choices": list(setup.DIFFICULTIES), "default": "normal", "headline": True},
    }
    for i, key in enumerate(SEAT_HEROES):
        schema[key] = {"choices": list(HERO_IDS), "default": HERO_IDS[i]}
    schema["bench"] = {"choices": list(HERO_IDS), "default": [], "multiple": True}
    schema["spells"] = {"choices": list(SPELLS), "default": [], "multiple": True}   # KR-SET-9, KR-SPL-1
    return schema


def _distinct(wanted: list[str]) -> list[str]:
    """Each hero once: a later seat asking for a hero an earlier seat has (e.g. seat 1 picked
    seat 2's default) gets the first free hero not asked for by a later seat instead (unknown
    ids are left for ``setup.normalize`` to refuse)."""
    out: list[str] = []
    for i, hero in enumerate(wanted):
        if hero in out:
            free = [h for h in HERO_IDS if h not in out]
            hero = next((h for h in free if h not in wanted[i + 1:]), free[0])
        out.append(hero)
    return out


def setup_options(seats: int, options: dict | None) -> dict:
    """The schema's options turned into ``setup.normalize``'s (which checks them)."""
    o = dict(options or {})
    schema = options_schema()
    unknown = sorted(set(o) - set(schema) - {"heroes"})
    if unknown:
        raise IllegalAction("kr.err.bad_options", f"unknown option(s) {unknown}", option=unknown[0])
    heroes = o.pop("heroes", None)
    if heroes is None:
        heroes = _distinct([o.get(key, schema[key]["default"]) for key in SEAT_HEROES[:max(0, min(seats, 4))]])
    bench = _listed(o.get("bench", []))
    out = {"scenario": o.get("scenario", schema["scenario"]["default"]),
           "difficulty": o.get("difficulty", "normal"), "heroes": list(heroes), "bench": list(bench)}
    spells = _listed(o.get("spells") or [])
    if spells:                            # KR-SET-9, KR-SPL-1: checked against the scenario
        out["spells"] = check_choice({"scenario": out["scenario"]}, spells) if out["scenario"] in SCENARIOS else spells
    return out


def _listed(value: Any) -> Any:
    """``a+b`` (or ``a|b``) as a list; lists and anything else unchanged."""
    return [x for x in value.replace("|", "+").split("+") if x] if isinstance(value, str) else value


class KrGame(GameBase):
    grammar = notation.GRAMMAR
    log_rules = redact.RULES
    id = "kr"
    min_seats = 1
    max_seats = 4

    # -- setup -----------------------------------------------------------------------------
    def options_schema(self) -> dict[str, dict]:
        return options_schema()

    def seat_range(self, options_: dict) -> tuple[int, int]:
        """KR-AMB-3: 1 to 4 players (a bench only in solo, KR-SOLO-6)."""
        return (1, 1) if options_.get("bench") else (1, 4)

    def setup(self, seats: int, options_: dict, seed: int) -> dict:
        return self.setup_with_events(seats, options_, seed)[0]

    def setup_with_events(self, seats: int, options_: dict, seed: int) -> tuple[dict, list[Event]]:
        """Set-up (KR-SET), then the round machine up to the first decision (KR-RND-2)."""
        st, events = setup.new_state(seats, setup_options(seats, options_), seed)
        rounds.step(st, events)
        return st, events

    # -- decisions -------------------------------------------------------------------------
    def prompts(self, state: dict) -> list[Prompt]:
        seats = rounds.waiting(state)
        if not seats:
            return []
        d = displacement.pending(state)
        if d is not None:                     # KR-SPN-7, KR-AMB-61: the owner alone
            return [Prompt(d["seat"], "turn", "kr.prompt.displace",
                           {"round": state["round"], "figure": d["figure"], "cell": d["cell"],
                            "squares": " ".join(d["squares"]), "cause": d["cause"],
                            "decision": displacement.decision(state)})]
        if rounds.exclusion_due(state):       # KR-SOLO-3, KR-AMB-48
            return [Prompt(0, "turn", "kr.prompt.exclude",
                           {"round": state["round"], "allowed": rounds.allowed_colours(state)})]
        if state["phase"] == 2:               # KR-ACT-2..5
            return [Prompt(s, "simultaneous", "kr.prompt.actions", {"round": state["round"]}) for s in seats]
        p = rounds.proposal(state)
        params = {"round": state["round"], "crystals": state["crystals"],
                  "proposal": None if p is None else notation.format_action(rounds.proposal_action(p))}
        white = state.get("white") or []
        if white:                             # KR-WHT-3: decided with the purchase
            params["white"] = " ".join(f"{w['site']}:{w['card']}" for w in white)
            return [Prompt(s, "simultaneous", "kr.prompt.purchase_white", params) for s in seats]
        return [Prompt(s, "simultaneous", "kr.prompt.purchase", params) for s in seats]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Complete actions, with suggested placements (docs/kr/engine.md "Actions")."""
        if seat not in rounds.waiting(state):
            return []
        if displacement.pending(state) is not None:
            return displacement.actions(state, seat)
        if rounds.exclusion_due(state):
            return [{"type": "exclude", "colour": c} for c in rounds.allowed_colours(state)]
        if state["phase"] == 2:
            out = [a for _, a in bot.build_suggestions(state, seat)]
            out += bot.pass_actions(state, seat)
            out += bot.hero_suggestions(state, seat)
            out += bot.spell_suggestions(state, seat)
            return out + [{"type": "done"}]
        return self._phase6_actions(state, seat)

    def _phase6_actions(self, state: dict, seat: int) -> list[dict]:
        out: list[dict] = []
        if rounds.may_propose(state, seat):       # one proposal per seat and phase 6
            suggested = bot.proposal(state)
            if suggested is not None:
                out.append(suggested)
            for card in bot.buyable(state):
                for to in range(len(state["seats"])):
                    a = {"type": "propose", "buys": [{"card": card, "to": to}]}
                    if a not in out:
                        out.append(a)
            for w in state.get("white") or []:    # KR-WHT-3: another team-mate takes it
                for to in range(len(state["seats"])):
                    a = {"type": "propose", "buys": [], "takes": [{"site": w["site"], "card": w["card"], "to": to}]}
                    if to != w["builder"] and a not in out:
                        out.append(a)
        p = rounds.proposal(state)
        if p is not None:
            if seat not in p["approved"]:
                out.append({"type": "approve"})
            out.append({"type": "object"})
        return out + [{"type": "done"}]

    def apply(self, state: dict, seat: int, action: Any) -> tuple[dict, list[Event]]:
        """One action on a copy; the round machine then runs to the next decision. A refusal
        raises IllegalAction and changes nothing."""
        if rounds.over(state):
            raise IllegalAction("kr.err.game_over", "The game is over.")
        towers.check_seat(state, seat)
        a = notation.parse_action(action) if isinstance(action, str) else action
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise IllegalAction("kr.err.bad_action", f"not an action: {action!r}", action=str(action))
        new = copy_state(state)
        events: list[Event] = []
        try:
            self._dispatch(new, seat, a, events)
            rounds.run(new, events)
        except GameOver:
            pass
        return new, events

    def _dispatch(self, st: dict, seat: int, a: dict, events: list) -> None:
        t = a["type"]
        if t == "exclude":
            rounds.exclude(st, seat, a.get("colour"), events)
        elif t in ("build", "pass", "hero", "spell"):
            rounds.check_may_act(st, seat, "phase2")
            if t == "build":
                towers.play_tower(st, seat, a, events)
            elif t == "pass":
                towers.pass_tower(st, seat, a, events)
            else:
                mod = bot.optional("heroes" if t == "hero" else "spells")
                if mod is None:
                    raise IllegalAction("kr.err.unavailable", f"{t} actions are not available yet", type=t)
                (mod.apply_hero if t == "hero" else mod.apply_spell)(st, seat, a, events)
        elif t == "done":
            rounds.done(st, seat, events)
        elif t == "propose":
            rounds.propose(st, seat, a.get("buys"), events, a.get("takes"))
        elif t == "approve":
            rounds.approve(st, seat, events)
        elif t == "object":
            rounds.object_(st, seat, events)
        elif t == "displace":
            rounds.displace(st, seat, a, events)
        elif t == "pol":
            rounds.set_preference(st, seat, a, events)
        else:
            raise IllegalAction("kr.err.bad_action", f"unknown action type {t!r}", type=t)

    def off_turn(self, action: dict) -> bool:
        """Standing displacement preferences may be set by any seat at any time (not moves)."""
        return isinstance(action, dict) and action.get("type") == "pol"

    # -- information -----------------------------------------------------------------------
    def view(self, state: dict, viewer: int | None) -> dict:
        return view_mod.view(state, viewer)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        if r is None:
            return None
        team = list(range(len(state["seats"])))
        game = [len(team)]
        won = r["outcome"] == "victory"
        reason = f"victory_{r['reason']}" if won else r["reason"]
        figures = {"rounds": state["round"], "hearts": state["hearts"], "crystals": state["crystals"],
                   "portals": state["portals"]["destroyed"], "portals_total": state["portals"]["total"]}
        return Result(winners=team if won else [], placements=[team, game] if won else [game, team],
                      reason=reason, figures=figures)

    def concede(self, state: dict, seat: int, reason: str) -> tuple[dict, list[Event]]:
        """The team gives up: a shared defeat (KR-GEN-1)."""
        if rounds.over(state):
            raise IllegalAction("kr.err.game_over", "The game is over.")
        towers.check_seat(state, seat)
        reason = reason if reason in ("resigned", "timeout") else "resigned"
        new = copy_state(state)
        finish(new, "defeat", reason)
        events: list[Event] = []
        ev(events, "game_over", outcome="defeat", reason=reason, seat=seat)
        return new, events

    def why_waiting(self, state: dict, seat: int) -> IllegalAction | None:
        """Why a seat the game is not asking may not act, beyond waiting for the others (a
        seat done for the phase hears so), or None; the host asks before it says whose
        decision it is (cogs/move_args.py)."""
        return rounds.why_waiting(state, seat)

    # -- Continue --------------------------------------------------------------------------
    def continue_action(self, state: dict, seat: int) -> dict | None:
        """``done`` (phase 2 or 6) when ``seat`` is asked to act (not where a hero goes): what
        the kit's first continuing legal move gives, without listing every move."""
        if displacement.pending(state) is not None:
            return None
        if seat in rounds.waiting(state) and not rounds.exclusion_due(state):
            return {"type": "done"}
        return None

    # -- automatic players -----------------------------------------------------------------
    def bot_action(self, state: dict, seat: int) -> dict:
        if seat not in rounds.waiting(state):
            raise IllegalAction("kr.err.not_waiting", "Nothing to decide for this seat.", seat=seat)
        if displacement.pending(state) is not None:
            return displacement.default_action(state)
        return bot.choose(state, seat)

    def timeout_action(self, state: dict, seat: int) -> dict:
        """Defaults of the rules' decision table: the solo exclusion takes the first allowed
        colour of the rotation; phase 2: done (takes no further action); phase 6: done, which
        approves the current proposal (applied at the deadline unless someone objected); a
        displaced hero: the owner's standing order (``ask``: nearest the exit, KR-AMB-61)."""
        if seat not in rounds.waiting(state):
            raise IllegalAction("kr.err.not_waiting", "Nothing to decide for this seat.", seat=seat)
        if displacement.pending(state) is not None:
            return displacement.default_action(state)
        if rounds.exclusion_due(state):
            return {"type": "exclude", "colour": rounds.default_colour(state)}
        return {"type": "done"}


GAME = KrGame()
