"""Who must act, what is legal, why an action is illegal, and carrying actions out."""
from __future__ import annotations

from typing import Any

from engine.base import IllegalAction, Prompt

from . import champion, deal, draft, summon, turn
from .abilities import BLOOD_PRICE, POSSESS
from .cards import CARDS, CHAMPIONS, COST, DECKS, IS_SPELL, MASK, name
from .hand import window
from .notation import format_action
from .state import LANES, is_ai

END = {"type": "end"}
GO = {"type": "go"}


# --- prompts ----------------------------------------------------------------------------------

def prompts(st: dict) -> list[Prompt]:
    if st["result"] is not None:
        return []
    stage = st["stage"]
    if stage == "deck_choice":
        seat = draft.deck_chooser(st)
        if seat is None:  # everyone chose: the stage is already over
            return []
        return [Prompt(seat, "setup", "clash.prompt.deck", {"decks": draft.remaining_decks(st)})]
    if stage == "draft":
        s = st["setup"]
        seat = draft.picker(st)
        if seat is None:  # the round is fully picked: the next round or the deal follows at once
            return []
        return [Prompt(seat, "setup", "clash.prompt.pick",
                       {"round": s["round"], "picks_left": s["seq"].count(seat), "revealed": list(s["revealed"])})]
    if stage == "constructed":
        return [Prompt(seat, "simultaneous", "clash.prompt.build", {"size": 8})
                for seat in (0, 1) if st["setup"]["built"][seat] is None]
    if stage == "champion":
        picks = st["setup"]["champion_pick"]
        return [Prompt(seat, "simultaneous", "clash.prompt.champion", {"champions": list(CHAMPIONS)})
                for seat in champion.choosers(st) if picks[seat] is None]
    if stage == "play":
        tp = st["turn_player"]
        if is_ai(st, tp):
            return []
        if st["pause"]:
            return [Prompt(tp, "turn", "clash.prompt.attack_pause",
                           {"mana": st["players"][tp]["mana"], "cost": champion.cost_now(st, tp)})]
        return [Prompt(tp, "turn", "clash.prompt.summon", {"mana": st["players"][tp]["mana"], "turn": st["turn"]})]
    return []


# --- legal actions -----------------------------------------------------------------------------

def _refs(st: dict, stacks_ok: bool) -> list[list]:
    out = []
    for li, lane in enumerate(LANES):
        for side in (0, 1):
            for i, c in enumerate(st["lanes"][li][side]):
                if stacks_ok or c["host"] is None:
                    out.append([side, lane, i + 1])
    return out


def play_actions(st: dict, seat: int) -> list[dict]:
    p = st["players"][seat]
    h = p["hand"]
    mana = p["mana"]
    out = []
    targets = None
    hosts = None
    seen = set()
    for i in window(h):
        card = h[i]
        if card in seen:
            continue
        seen.add(card)
        if COST[card] > mana and not MASK[card] & BLOOD_PRICE:
            continue
        if IS_SPELL[card]:
            if targets is None:
                targets = _refs(st, True)
            for r in targets:
                out.append({"type": "play", "card": card, "target": r})
        else:
            out.append({"type": "play", "card": card, "lane": "top"})
            out.append({"type": "play", "card": card, "lane": "bottom"})
            if MASK[card] & POSSESS:
                if hosts is None:
                    hosts = _refs(st, False)
                for r in hosts:
                    out.append({"type": "play", "card": card, "on": r})
    out.extend(champion_actions(st, seat))
    return out


def champion_actions(st: dict, seat: int) -> list[dict]:
    if not champion.can_summon(st, seat):
        return []
    out: list[dict] = [{"type": "champion", "lane": "top"}, {"type": "champion", "lane": "bottom"}]
    if MASK[st["players"][seat]["champion"]["card"]] & POSSESS:
        out += [{"type": "champion", "on": r} for r in _refs(st, False)]
    return out


def sample_builds() -> list[dict]:
    """Constructed decks cannot be enumerated (C(32,8) choices); these legal examples are
    offered instead: the four preconstructed decks."""
    return [{"type": "build", "cards": list(DECKS[d])} for d in DECKS]


def legal_actions(st: dict, seat: int) -> list[dict]:
    if st["result"] is not None:
        return []
    stage = st["stage"]
    if stage == "play":
        if seat != st["turn_player"] or is_ai(st, seat):
            return []
        if st["pause"]:
            return champion_actions(st, seat) + [dict(GO)]
        return play_actions(st, seat) + [dict(END)]
    if stage == "deck_choice":
        if seat != draft.deck_chooser(st):
            return []
        return [{"type": "deck", "deck": d} for d in draft.remaining_decks(st)]
    if stage == "draft":
        if seat != draft.picker(st):
            return []
        return [{"type": "pick", "card": c} for c in dict.fromkeys(st["setup"]["revealed"])]
    if stage == "constructed":
        if seat not in (0, 1) or st["setup"]["built"][seat] is not None:
            return []
        return sample_builds()
    if stage == "champion":
        if seat not in champion.choosers(st) or st["setup"]["champion_pick"][seat] is not None:
            return []
        return [{"type": "choose", "champion": c} for c in CHAMPIONS]
    return []


def is_legal(st: dict, seat: int, action: dict) -> bool:
    if action.get("type") == "build" and st["stage"] == "constructed" and seat in (0, 1) \
            and st["result"] is None and st["setup"]["built"][seat] is None:
        return draft.build_problem(action.get("cards")) is None
    return action in legal_actions(st, seat)


# --- diagnosis ---------------------------------------------------------------------------------

def _err(code: str, msg: str, legal: list[dict], **params: Any) -> IllegalAction:
    return IllegalAction(code, msg, legal=[format_action(a) for a in legal], **params)


def diagnose(st: dict, seat: int, a: dict) -> IllegalAction:
    """Explain why ``a`` is illegal with a specific catalog code."""
    legal = legal_actions(st, seat)
    t = a.get("type")
    if st["result"] is not None:
        return _err("clash.err.game_over", "The game is over.", [])
    stage = st["stage"]
    wanted = {"deck_choice": ("deck",), "draft": ("pick",), "constructed": ("build",),
              "champion": ("choose",), "play": ("play", "champion", "end", "go")}[stage]
    if t not in wanted:
        return _err("clash.err.wrong_stage", f"'{t}' is not possible now (stage {stage}).", legal,
                    stage=stage, action=t)
    if not legal and stage != "constructed":
        if stage == "play":
            return _err("clash.err.not_your_turn", "It is not your turn.", [], seat=seat)
        return _err("clash.err.not_your_decision", "Another player must decide first.", [], seat=seat)
    if t in ("deck", "pick", "build", "choose"):
        return _setup_reason(st, seat, a, legal)
    return _play_reason(st, seat, a, legal)


def _setup_reason(st: dict, seat: int, a: dict, legal: list[dict]) -> IllegalAction:
    """``diagnose`` for the setup's decisions: deck, draft pick, constructed build, champion."""
    t = a.get("type")
    if t == "deck":
        d = a.get("deck")
        if d not in DECKS:
            return _err("clash.err.unknown_deck", f"There is no deck {d!r}.", legal, deck=str(d))
        return _err("clash.err.deck_taken", f"The deck {d} is already taken.", legal, deck=d)
    if t == "pick":
        return _err("clash.err.not_revealed", f"{a.get('card')} is not among the revealed cards.", legal,
                    card=str(a.get("card")))
    if t == "build":
        if seat not in (0, 1):
            return _err("clash.err.bad_seat", f"Seat {seat} does not build a deck.", [], seat=seat)
        if st["setup"]["built"][seat] is not None:
            return _err("clash.err.already_submitted", "You already submitted your deck.", [], seat=seat)
        why = draft.build_problem(a.get("cards"))
        return _err("clash.err.bad_build", f"A constructed deck is 8 different starter cards ({why}).", legal,
                    why=str(why))
    if t == "choose":
        c = a.get("champion")
        if c not in CHAMPIONS:
            return _err("clash.err.unknown_champion", f"There is no champion {c!r}.", legal, champion=str(c))
        return _err("clash.err.bad_action", "That choice is not possible.", legal)
    raise ValueError(f"not a setup action: {t!r}")


def _play_reason(st: dict, seat: int, a: dict, legal: list[dict]) -> IllegalAction:
    """``diagnose`` for phase 2 / phase 3 actions: end, go, the champion, a card from hand."""
    t = a.get("type")
    p = st["players"][seat]
    if t == "end":
        return _err("clash.err.not_in_summon", "Phase 2 is already over; type 'go' to resume.", legal)
    if t == "go":
        return _err("clash.err.not_paused", "Phase 3 is not paused.", legal)
    if st["pause"] and t == "play":
        return _err("clash.err.not_in_summon", "Cards from hand are played only in phase 2 (CD-AMB-9).", legal)
    if t == "champion":
        ch = p.get("champion")
        if not ch:
            return _err("clash.err.no_champion", "You have no champion.", legal)
        if ch["state"] != "ready":
            return _err("clash.err.champion_unavailable", f"Your champion is {ch['state']}.", legal,
                        state=ch["state"])
        cost = champion.cost_now(st, seat)
        if cost > p["mana"]:
            return _err("clash.err.too_expensive", f"The champion costs {cost}; you have {p['mana']} mana.",
                        legal, card=ch["card"], cost=cost, mana=p["mana"])
        return _err("clash.err.bad_host" if "on" in a else "clash.err.bad_lane", "Bad placement.", legal)
    return _card_reason(st, p, a, legal)


def _card_reason(st: dict, p: dict, a: dict, legal: list[dict]) -> IllegalAction:
    """``diagnose`` for a card played from hand (``p``'s): known, in the window, paid, aimed."""
    card = a.get("card")
    if card not in CARDS or CARDS[card]["champion"]:
        return _err("clash.err.unknown_card", f"There is no card {card!r}.", legal, card=str(card))
    h = p["hand"]
    if card not in h:
        return _err("clash.err.not_in_hand", f"{name(card)} is not in your hand.", legal, card=card)
    if not any(h[i] == card for i in window(h)):
        return _err("clash.err.not_in_window", f"{name(card)} is not among your four leftmost cards.", legal,
                    card=card)
    if COST[card] > p["mana"] and not MASK[card] & BLOOD_PRICE:
        return _err("clash.err.too_expensive", f"{name(card)} costs {COST[card]}; you have {p['mana']} mana.",
                    legal, card=card, cost=COST[card], mana=p["mana"])
    if IS_SPELL[card]:
        if "target" not in a:
            return _err("clash.err.needs_target", f"{name(card)} is a spell: aim it at a creature (@S.LANE.POS).",
                        legal, card=card)
        if not _refs(st, True):
            return _err("clash.err.no_target", "There is no creature to target (CD-AMB-13).", legal,
                        card=card)
        return _err("clash.err.bad_target", "There is no creature there.", legal, card=card,
                    target=str(a.get("target")))
    if "target" in a:
        return _err("clash.err.needs_lane", f"{name(card)} is a creature: choose top or bottom.", legal,
                    card=card)
    if "on" in a:
        if not MASK[card] & POSSESS:
            return _err("clash.err.not_possess", f"{name(card)} has no Possess.", legal, card=card)
        return _err("clash.err.bad_host", "It can only possess a creature that is not already a stack (CD-POS-5).",
                    legal, card=card, target=str(a.get("on")))
    return _err("clash.err.bad_lane", "Choose the top or the bottom lane.", legal, card=card)


# --- execution ---------------------------------------------------------------------------------

def execute(st: dict, seat: int, a: dict, events: list) -> None:
    """Carry out a legal action in place (may raise GameOver)."""
    t = a["type"]
    if t == "play":
        summon.play(st, seat, a, events)
    elif t == "end":
        turn.start_attack(st, events)
    elif t == "champion":
        summon.summon_champion(st, seat, a, events)
        if st["phase"] == "attack":
            turn.continue_attack(st, events)
    elif t == "go":
        turn.continue_attack(st, events)
    elif t == "deck":
        draft.choose_deck(st, seat, a["deck"], events)
    elif t == "pick":
        draft.pick(st, seat, a["card"], events)
    elif t == "build":
        draft.build(st, seat, a["cards"], events)
    elif t == "choose":
        if champion.choose(st, seat, a["champion"], events):
            deal.start_play(st, events)
    else:  # pragma: no cover - validated before
        raise ValueError(t)

