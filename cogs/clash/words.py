"""Clash of Decks in words: card names, one-line card summaries, destinations and menu labels,
all from the engine's card data and the message catalog."""
from __future__ import annotations

from engine.base import ActionInfo
from engine.clash.cards import CARDS
from engine.clash.names import NAMES
from engine.clash.notation import REF, parse_action
from gamehost.i18n import catalog, t
from cogs.clash.help import card_help
from cogs.narration import counted, move_pairs, unharmed, zero_effect

# counts a sentence tells with a noun: sentence key -> parameter -> the catalog's count phrase
COUNTED = {"clash.ev.ai_reshuffle": {"size": "clash.count.cards"},
           "clash.ev.hand_dealt": {"size": "clash.count.cards"},
           "clash.narr.ai_bastion_falls": {"size": "clash.count.cards"},
           "clash.ev.draft_started": {"rounds": "clash.count.rounds"}}
# the amounts of an effect: a sentence with one of them at 0 is not said ("+0 attack")
EFFECTS = {"clash.ev.buff": ("av", "hp"), "clash.narr.buff_av": ("av",), "clash.narr.buff_hp": ("hp",),
           "clash.ev.dash": ("bonus",), "clash.ev.blade": ("excess",), "clash.ev.damage_lost": ("amount",)}
# damage told as a number: sentence key -> (the amount, the sentence said when it is 0: "does no damage")
MISSES = {"clash.narr.attack_hit": ("amount", "clash.narr.attack_miss"),
          "clash.narr.attack_fort_hit": ("amount", "clash.narr.attack_fort_miss"),
          "clash.ev.damage": ("amount", "clash.narr.damage_none"),
          "clash.ev.fort_moved": ("moved", "clash.narr.fort_unharmed"),
          "clash.narr.fort_damage_lost": ("moved", "clash.narr.fort_damage_all_lost"),
          "clash.narr.blood_price_hit": ("moved", "clash.narr.blood_price_none")}


def card_name(card_id: str, locale: str) -> str:
    """A card's name (engine/clash/names.py, as the pictures draw it); the id if unknown."""
    return NAMES.name("cards", card_id, locale) if NAMES.has("cards", card_id) else card_id


def card_line(card_id: str, locale: str) -> str:
    """Bold name, cost, stats and abilities: one line of a hand listing."""
    card = CARDS[card_id]
    abilities = " ".join(t(f"clash.ability.{a}", locale) for a in card.get("abilities", []))
    if card["type"] == "creature":
        stats = f"⚔{card['av']} ❤{card['hp']}"
    else:
        stats = t("clash.ui.spell", locale)
    return f"**{card_name(card_id, locale)}** ({card['cost']}💧 {stats}){' · ' + abilities if abilities else ''}"


def describe_destination(view: dict, names: list[str], move: str, locale: str) -> str:
    """Human words for where the play ``move`` goes: a lane, a target creature or a Possess
    host, from the move the engine reads (its ``lane``, ``target`` or ``on``) and the public
    view."""
    action = parse_action(move)
    if "lane" in action:
        return t(f"clash.ui.lane.{action['lane']}", locale)
    possess = "on" in action
    ref = action["on"] if possess else action["target"]
    seat, lane, pos = ref
    try:
        creature = view["lanes"][lane][seat][pos - 1]
        text = t("clash.ui.target", locale, card=card_name(creature["card"], locale), player=names[seat],
                 lane=t(f"clash.ui.lane.{lane}", locale), pos=pos)
    except (KeyError, IndexError, TypeError):  # not on the board this view shows: the engine's words
        text = REF.write(ref)
    return t("clash.ui.possess", locale, target=text) if possess else text


def action_label(move: ActionInfo, locale: str) -> str:
    """A menu label for a non-card move (a draft pick, a deck choice): what it is about."""
    thing = move.subject
    if move.verb in ("pick", "choose") and thing in CARDS:
        return f"{card_name(thing, locale)} — {card_help(thing, locale, limit=90 - len(card_name(thing, locale)))}"
    if move.verb == "deck":
        return t("clash.ui.deck", locale, deck=deck_name(thing, locale))
    return move.text


# -- narration ------------------------------------------------------------------------
# One short sentence per public event (sometimes one for two events that tell one thing,
# such as an attack and the damage it deals), players and cards by name, lanes in words.
# The sentences are the catalog keys ``clash.ev.<kind>`` and ``clash.narr.<variant>``.

def deck_name(deck_id: str, locale: str) -> str:
    return NAMES.name("decks", deck_id, locale) if NAMES.has("decks", deck_id) else deck_id


def join_words(items: list[str], locale: str) -> str:
    """``A, B and C`` / ``A、B和C``."""
    if not items:
        return "-"
    if len(items) == 1:
        return items[0]
    return t("clash.narr.and", locale, a=t("clash.narr.sep", locale).join(items[:-1]), b=items[-1])


def sentence(text: str, names: tuple[str, ...] | list[str] = ()) -> str:
    """A sentence starts with a capital letter (``the AI`` -> ``The AI``), except when it
    starts with a player's name, which is written as the player wrote it."""
    if any(name and text.startswith(name) for name in names):
        return text
    return text[:1].upper() + text[1:] if text[:1].islower() else text


LOOKAHEAD = 3  # events after the current one a sentence may also tell


class ClashNarrator:
    """Narrates one move's public events. ``names``: the seated players' names in seat
    order; ``ai_seat``: the rulebook AI's seat in a solo game (called "the AI")."""

    def __init__(self, names: list[str], locale: str, ai_seat: int | None = None):
        self.locale = locale
        self.names = list(names)
        self.people = [n for n in names if n]  # names written as their owners wrote them
        self.solo = ai_seat is not None
        if ai_seat is not None:
            while len(self.names) <= ai_seat:
                self.names.append("")
            self.names[ai_seat] = t("clash.narr.the_ai", locale)

    # -- words ------------------------------------------------------------------------

    def player(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return t("clash.narr.someone", self.locale)

    def card(self, card_id) -> str:
        return card_name(card_id, self.locale) if isinstance(card_id, str) else t("clash.narr.a_card", self.locale)

    def creature(self, seat, card_id) -> str:
        """``Alice's Night Bat``: a creature on the board, by its owner and card."""
        return t("clash.narr.creature", self.locale, player=self.player(seat), card=self.card(card_id))

    def lane(self, lane) -> str:
        return t(f"clash.ui.lane.{lane}", self.locale) if lane in ("top", "bottom") else str(lane)

    def cards(self, ids) -> str:
        return join_words([self.card(c) for c in ids or []], self.locale)

    def say(self, key: str, /, **params) -> str:
        """The sentence ``key``, its counts told with their nouns; "" for an effect of nothing,
        the sentence that says so for damage of nothing."""
        key = unharmed(key, params, MISSES)
        if zero_effect(key, params, EFFECTS):
            return ""
        return sentence(t(key, self.locale, **counted(key, params, COUNTED, self.locale)), self.people)

    # -- events -----------------------------------------------------------------------

    def lines(self, events: list) -> list[str]:
        """The sentences for ``events`` (engine.base.Event or ``(kind, params)`` pairs)."""
        pairs = [(e.kind, dict(e.params)) if hasattr(e, "kind") else (e[0], dict(e[1])) for e in events]
        out: list[str] = []
        i = 0
        while i < len(pairs):
            kind, p = pairs[i]
            text, used = self.event(kind, p, pairs[i + 1:i + 1 + LOOKAHEAD])
            if text and (not out or out[-1] != text):  # the same thing said twice in a row once
                out.append(text)
            i += max(1, used)
        return out

    def event(self, kind: str, p: dict, rest: list[tuple[str, dict]]) -> tuple[str | None, int]:
        """The sentence for one event (or for it and the ones after it, when they tell one
        thing) and how many events it used. ``rest``: the next few events."""
        method = getattr(self, f"ev_{kind}", None)
        if method is not None:
            return method(p, rest)
        seat = p.get("seat")
        params = {k: v for k, v in p.items() if not isinstance(v, (list, dict))}
        if "card" in params:
            params["card"] = self.card(params["card"])
            params["creature"] = self.creature(seat, p["card"])
        if "lane" in params:
            params["lane"] = self.lane(params["lane"])
        params["player"] = self.player(seat)
        key = f"clash.ev.{kind}"
        if kind == "dash" and not params.get("bonus"):
            key = "clash.narr.dash_plain"  # no "+0 attack"
        return (self.say(key, **params) if catalog().has(key) else None), 1

    # events about creatures: ``creature`` is the creature by owner and card
    def _creature_event(self, kind: str, p: dict, **extra) -> tuple[str, int]:
        return self.say(f"clash.ev.{kind}", creature=self.creature(p.get("seat"), p.get("card")), **extra), 1

    def ev_activation(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        if np.get("uid") == p.get("uid") and nk in ("attack", "no_attack", "dash", "frenzy"):
            return None, 1  # "X attacks" says it already
        return self._creature_event("activation", p)

    def ev_attack(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        creature = self.creature(p.get("seat"), p.get("card"))
        if p.get("target") == "fort":
            enemy = p.get("target_seat")
            if nk == "fort_moved" and np.get("seat") == enemy and self._plain_fort_damage(np, rest[1:]):
                return self.say("clash.narr.attack_fort_hit", creature=creature, player=self.player(enemy),
                                amount=np.get("moved"), health=np.get("health")), 2
            return self.say("clash.narr.attack_fort", creature=creature, player=self.player(enemy)), 1
        target = self.creature(p.get("target_seat"), p.get("target_card"))
        if nk == "damage" and np.get("uid") == p.get("target"):
            after_kind, after = rest[1] if len(rest) > 1 else (None, {})
            if np.get("hp_left") == 0 and after_kind == "defeated" and after.get("uid") == p.get("target"):
                return self.say("clash.narr.attack_kill", creature=creature, target=target,
                                amount=np.get("amount")), 3
            return self.say("clash.narr.attack_hit", creature=creature, target=target, amount=np.get("amount"),
                            hp_left=np.get("hp_left")), 2
        if nk == "protected" and np.get("uid") == p.get("target"):
            return self.say("clash.narr.attack_protected", creature=creature, target=target), 2
        return self.say("clash.ev.attack", creature=creature, target=target), 1

    @staticmethod
    def _plain_fort_damage(p: dict, rest) -> bool:
        """Fort damage that neither destroys the fort nor flips the Bastion."""
        flips = bool(rest) and rest[0][0] == "bastion_destroyed" and rest[0][1].get("seat") == p.get("seat")
        return p.get("lost", 0) == 0 and p.get("health", 0) > 0 and not flips

    def ev_ai_discard(self, p, rest):
        """Cards the AI loses to one hit, in one sentence."""
        cards = [p.get("card")]
        left = p.get("deck_size")
        for kind, q in rest:
            if kind != "ai_discard" or q.get("source") != p.get("source"):
                break
            cards.append(q.get("card"))
            left = q.get("deck_size")
        return self.say("clash.ev.ai_discard", card=self.cards(cards), deck_size=left), len(cards)

    def ev_ai_regenerated(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self.say("clash.ev.ai_regenerated", card=self.card(p.get("card"))), 1

    def ev_ai_reveal(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        card = self.card(p.get("card"))
        if nk == "summoned" and np.get("card") == p.get("card"):
            return self.say("clash.narr.ai_reveal_summoned", card=card, lane=self.lane(np.get("lane")),
                            pos=np.get("pos")), 2
        if nk == "spell_cast" and np.get("card") == p.get("card"):
            return self.say("clash.narr.ai_reveal_spell", card=card,
                            target=self.creature(np.get("target_seat"), np.get("target_card"))), 2
        return self.say("clash.ev.ai_reveal", card=card, lane=self.lane(p.get("lane"))), 1

    def ev_ai_spell_fizzled(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self.say("clash.ev.ai_spell_fizzled", card=self.card(p.get("card")), lane=self.lane(p.get("lane"))), 1

    def ev_blade(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("blade", p, excess=p.get("excess"), player=self.player(1 - p["seat"])
                                    if isinstance(p.get("seat"), int) else self.player(None))

    def ev_blood_price(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        player, card = self.player(p.get("seat")), self.card(p.get("card"))
        if nk == "fort_moved" and np.get("seat") == p.get("seat") and self._plain_fort_damage(np, rest[1:]):
            return self.say("clash.narr.blood_price_hit", player=player, card=card, moved=np.get("moved"),
                            health=np.get("health")), 2
        return self.say("clash.ev.blood_price", player=player, card=card), 1

    def ev_buff(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        av, hp = p.get("av", 0), p.get("hp", 0)
        key = "clash.ev.buff" if av and hp else ("clash.narr.buff_av" if av else "clash.narr.buff_hp")
        return self.say(key, creature=self.creature(p.get("seat"), p.get("card")), av=av, hp=hp), 1

    def ev_card_played(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        player, card, cost = self.player(p.get("seat")), self.card(p.get("card")), p.get("cost")
        if nk == "summoned" and np.get("card") == p.get("card"):
            return self.say("clash.narr.played_summoned", player=player, card=card, cost=cost,
                            lane=self.lane(np.get("lane")), pos=np.get("pos")), 2
        if nk == "possessed" and np.get("card") == p.get("card"):
            return self.say("clash.narr.played_possessed", player=player, card=card, cost=cost,
                            host=self.creature(np.get("host_seat"), np.get("host"))), 2
        if nk == "spell_cast" and np.get("card") == p.get("card"):
            return self.say("clash.narr.played_spell", player=player, card=card, cost=cost,
                            target=self.creature(np.get("target_seat"), np.get("target_card"))), 2
        return self.say("clash.ev.card_played", player=player, card=card, cost=cost), 1

    def ev_champion_summoned(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        player, card, cost = self.player(p.get("seat")), self.card(p.get("card")), p.get("cost")
        if nk == "summoned" and np.get("card") == p.get("card"):
            return self.say("clash.narr.champion_summoned_lane", player=player, card=card, cost=cost,
                            lane=self.lane(np.get("lane")), pos=np.get("pos")), 2
        if nk == "possessed" and np.get("card") == p.get("card"):
            return self.say("clash.narr.champion_possessed", player=player, card=card, cost=cost,
                            host=self.creature(np.get("host_seat"), np.get("host"))), 2
        return self.say("clash.ev.champion_summoned", player=player, card=card, cost=cost), 1

    def ev_champions_revealed(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        picks = sorted((int(s), c) for s, c in (p.get("cards") or {}).items())
        shown = [t("clash.narr.champion_of", self.locale, player=self.player(s), card=self.card(c)) for s, c in picks]
        return self.say("clash.ev.champions_revealed", champions=t("clash.narr.sep", self.locale).join(shown) or "-"), 1

    def ev_coin_toss(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self.say("clash.ev.coin_toss", player=self.player(p.get("first_player"))), 1

    def ev_damage(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        if p.get("hp_left") == 0 and nk == "defeated" and np.get("uid") == p.get("uid"):
            return self.say("clash.narr.damage_kill", creature=self.creature(p.get("seat"), p.get("card")),
                            amount=p.get("amount")), 2
        return self._creature_event("damage", p, amount=p.get("amount"), hp_left=p.get("hp_left"))

    def ev_deck_choice_started(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        order = p.get("order") or []
        key = "clash.ev.deck_choice_started" if len(order) > 1 else "clash.narr.deck_choice_solo"
        return self.say(key, player=self.player(order[0] if order else None)), 1

    def ev_deck_chosen(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self.say("clash.ev.deck_chosen", player=self.player(p.get("seat")),
                        deck=deck_name(p.get("deck"), self.locale)), 1

    def ev_defeated(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("defeated", p)

    def ev_draft_ai_cards(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self.say("clash.ev.draft_ai_cards", cards=self.cards(p.get("cards"))), 1

    def ev_draft_reveal(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        cards = p.get("cards") or []
        key = "clash.narr.draft_reveal_solo" if self.solo else "clash.ev.draft_reveal"
        return self.say(key, round=p.get("round"), cards=self.cards(cards), player=self.player(p.get("picker"))), 1

    def ev_fort_moved(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        player, moved, health, lost = self.player(p.get("seat")), p.get("moved"), p.get("health"), p.get("lost", 0)
        if nk == "bastion_destroyed" and np.get("seat") == p.get("seat"):
            key = "clash.narr.bastion_falls_lost" if lost else "clash.narr.bastion_falls"
            return self.say(key, player=player, moved=moved, lost=lost, health=np.get("health")), 2
        if health is not None and health <= 0:
            if nk == "game_over":
                return self.say("clash.narr.fort_falls_game_over", player=player, moved=moved,
                                winner=self.player(np.get("winner"))), 2
            return self.say("clash.narr.fort_falls", player=player, moved=moved), 1
        if lost:
            return self.say("clash.narr.fort_damage_lost", player=player, moved=moved, lost=lost, health=health), 1
        return self.say("clash.ev.fort_moved", player=player, moved=moved, health=health), 1

    def ev_bastion_destroyed(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        if self.solo and nk == "ai_reshuffle":
            return self.say("clash.narr.ai_bastion_falls", size=np.get("size")), 2
        return self.say("clash.ev.bastion_destroyed", player=self.player(p.get("seat")), health=p.get("health")), 1

    def ev_hand_dealt(self, p, rest):
        if not p.get("size"):
            return None, 1  # the AI has no hand: its deck is its health
        return self.say("clash.ev.hand_dealt", player=self.player(p.get("seat")), size=p.get("size")), 1

    def ev_game_over(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        reason = p.get("reason")
        key = f"clash.narr.game_over.{reason}"
        if not catalog_has(key):
            key = "clash.ev.game_over"
        return self.say(key, winner=self.player(p.get("winner")), loser=self.player(p.get("loser"))), 1

    def ev_granted(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("granted", p, ability=t(f"clash.ability.{p.get('ability')}", self.locale))

    def ev_healed(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        key = "clash.ev.healed" if p.get("amount") else "clash.narr.healed_none"
        return self.say(key, creature=self.creature(p.get("seat"), p.get("card")), amount=p.get("amount")), 1

    def ev_moved(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("moved", p, lane=self.lane(p.get("lane")), pos=p.get("pos"))

    def ev_no_attack(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("no_attack", p, reason=t(f"clash.no_attack.{p.get('reason')}", self.locale))

    def ev_possessed(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("possessed", p, host=self.creature(p.get("host_seat"), p.get("host")))

    def ev_regenerated(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        if p.get("flipped"):
            key = "clash.narr.regenerated_flip"
        elif p.get("moved") == 0:
            key = "clash.narr.regenerated_full"
        else:
            key = "clash.ev.regenerated"
        return self.say(key, player=self.player(p.get("seat")), health=p.get("health")), 1

    def ev_returned(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        zone = p.get("zone")
        key = {"ai_deck_top": "clash.narr.returned_ai_deck", "ai_discard": "clash.narr.returned_ai_discard"}.get(
            zone, "clash.ev.returned")
        return self.say(key, card=self.card(p.get("card")), player=self.player(p.get("seat"))), 1

    def ev_spell_cast(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self.say("clash.ev.spell_cast", player=self.player(p.get("seat")), card=self.card(p.get("card")),
                        target=self.creature(p.get("target_seat"), p.get("target_card"))), 1

    def ev_summoned(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("summoned", p, lane=self.lane(p.get("lane")), pos=p.get("pos"))

    def ev_vanish(self, p, rest):
        nk, np = rest[0] if rest else (None, {})
        return self._creature_event("vanish", p, lane=self.lane(p.get("lane")), pos=p.get("pos"))

    # -- moves ------------------------------------------------------------------------

    def move(self, seat, text: str) -> str:
        """A sentence for a move whose events said nothing (every Clash move has events
        today; this keeps a board from ever being posted without a sentence)."""
        verb = (text or "").split(" ", 1)[0]
        key = f"clash.narr.move.{verb}"
        if not catalog_has(key):
            key = "clash.narr.move"
        return self.say(key, player=self.player(seat))


def catalog_has(key: str) -> bool:
    return catalog().has(key)


def narrate_events(events: list, names: list[str], locale: str, *, ai_seat: int | None = None,
                   moves=()) -> list[str]:
    """The narration of one publish: a sentence per public event (or per few that tell one
    thing). ``moves``: the moves behind the events, ``(seat, notation)`` (a sentence made from
    the first move when the events said nothing) or ``(seat, notation, events)`` (each move
    narrated with its own events, in order; ``events`` is then not used)."""
    narrator = ClashNarrator(names, locale, ai_seat)
    pairs = move_pairs(moves)
    if pairs and all(len(m) == 3 for m in pairs):
        out: list[str] = []
        for seat, text, own in pairs:
            for line in narrate_events(list(own), names, locale, ai_seat=ai_seat, moves=[(seat, text)]):
                if not out or out[-1] != line:
                    out.append(line)
        return out
    lines = narrator.lines([e for e in events if getattr(e, "visible_to", None) is None])
    if not lines and pairs:
        lines = [narrator.move(*pairs[0][:2])]
    return lines
