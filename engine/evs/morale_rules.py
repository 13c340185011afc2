"""Empire vs Steppe: the morale track and the Morale expansion (ES-MOR, ES-MX, ES-END-5), as
pure functions on the ``st["morale"]`` sub-dict. Rules: docs/rules/empire-vs-steppe.md;
conventions: docs/evs/engine.md. Every catalog key this module emits (``evs.err.morale_*``,
``evs.ev.morale_*``) is in ``locales/evs/morale.json``; the cards are ``data/morale.json``.

The ``morale`` dict (JSON-compatible; seats are 0 and 1)::

    {
      "expansion": bool,                # Morale expansion on (ES-MX) or base game (ES-MX-17)
      "factions": ["empire", "steppe"], # faction by seat (a copy of st["factions"])
      "seats": [                        # by seat
        {"marker": int,                 # the one morale marker (ES-MOR-1), 0..collapse
         "track": {"start": 0, "collapse": 12, "draw": [3, 6, 9]},   # ES-MOR-4 / ES-AMB-34
         "zone": [                      # the morale zone, in drawing order (ES-MX-4)
           {"card": id,
            "side": "own_buff" | "enemy_debuff",   # own faction's buff or opponent's debuff
            "state": "up" | "tapped" | "flipped",  # face-up, tapped ongoing, flipped once
            "pile": seat,               # the pile it was drawn from (always this seat's side)
            "played": serial | None}]}, # turn serial it was last played in, None if face-up
        {...}],
      "piles": [[ids], [ids]],          # piles[s]: the face-down pile on seat s's side, top
                                        # first: s's faction buffs + the opponent's debuffs
                                        # (ES-MX-3); [] in the base game
      "turn": {"serial": int,           # +1 by each start_turn; 0 before the first turn
               "active": seat | None,   # whose turn it is (set by start_turn)
               "checked": [bool, bool]},# per shaken seat: collapse check made this turn
      "just_drawn": {"seat": s, "cards": [ids]} | None,   # the last shake's draws not yet
                                        # played (ES-MX-8a offer); cleared by start_turn
    }

Everything is public except the order and contents of the piles (only their sizes).

Effects (``card["effect"]``, a closed list; "the faction" is the card's own faction,
本阵营 in ES-MX-1, whoever holds or plays the card; a buff helps it, a debuff hurts it):

- modifiers, read by the core through the query functions below while the card is active:
  an ongoing card is active while tapped, i.e. from being played until it untaps at the
  start of its holder's next turn (ES-MX-11/12, ES-AMB-50); a once card with a modifier is
  active until the end of the turn it was played in (the card is flipped, ES-MX-10).
  - ``{"type": "power", "n": N, "scope": "engage"|"defend"|"all"}``: ``power_modifier``.
    engage: N is added once to the total power of each attack the faction declares (the
    attacking side's sum, ES-ENG-3/4, not once per participant); defend: N is added to the
    defender's power (ES-ENG-7) in each attack on one of the faction's units, card or not;
    all: both. The core applies the floor at 0 (ES-ENG-14) after adding.
  - ``{"type": "morale_effect", "n": N}``: ``morale_effect_modifier``; added once to the
    summed morale effect of each attack the faction declares (ES-ENG-3/4/11), floor 0.
    It does not change the step-6 shake (ES-ENG-8/9) nor a defence card's morale icons.
  - ``{"type": "mobility", "n": N}``: ``mobility_modifier``; added to the N of each mobility
    effect (ES-KW-13, general move included) the faction's units execute, floor 0.
  - ``{"type": "cost", "n": N}``: ``cost_modifier``; added to the cost of every command the
    faction pays for (command card, general command, defence; ES-ACT-3/5, ES-DEF-3), floor
    0. Not Rally and not the terrain penalty.
- instant effects, done by ``play`` (once cards only):
  - ``{"type": "steady", "n": N}`` (buff): the faction's marker moves back N squares (to 0 at
    least); no draws (ES-AMB-47: backward moves never draw).
  - ``{"type": "shake", "n": N}`` (debuff): the faction shakes N, a full ``shake`` with its
    draws and collapse check; its loss reason and losing seat are returned by ``play``.
  - ``{"type": "tokens", "n": N}``: for the core, returned by ``play`` as a directive:
    N > 0 (buff): the faction's player puts N tokens on one card of their own command zone
    of their choice (nothing if it is empty); N < 0 (debuff): the player who played the card
    removes up to -N tokens from one card of the faction's command zone of their choice.
  - ``{"type": "heal", "n": N}`` (buff): for the core: the faction's player removes up to N
    wound markers from one of their units on the battlefield (nothing if none is wounded).

Play conditions (``card["conditions"]``, all must hold; a closed list):
``{"type": "marker_at_least"|"marker_at_most", "whose": "faction"|"player", "n": N}``
(the marker of the card's faction, or of the player playing it) and ``{"type": "own_turn"}``
(only in the turn of the player playing it, so never right after a draw in the opponent's
turn).

What the core does: calls ``setup`` (ES-SET-1 step 5), ``start_turn`` at each turn start,
``shake`` for every shake (damage, destruction, morale effects, terrain penalty: forced or
chosen, ES-MOR-3) and ends the game with the returned reason (ES-END-3/5); offers
``playable`` cards (decision points 12 and 13); for Rally it lets the player pick one of
``rally_targets``, makes them pay ``rally_cost`` command cards from hand into their discard
pile (ES-GEN-9, ES-AMB-14; paying is the core's job) and then calls ``rally_remove`` with the
count paid; it reads the modifiers through ``power_modifier`` & co. and applies the
directives ``play`` returns. With the expansion on, ``morale["seats"][s]["marker"]`` is the
marker's truth; ``shake_state(st, seat, n, events)`` is the whole-state form of ``shake``
for engine/evs/track.py (it mirrors ``markers(morale)`` into ``st["track"]`` and returns the
losing seat).

This module is the morale rules' one entry point; the rules themselves are in four modules
with one job each, all re-exported here: ``morale_cards`` (the cards' and tracks' format,
``load``/``card``), ``morale_shakes`` (``setup``, ``start_turn``, ``shake``, ``shake_state``),
``morale_play`` (``playable``, ``play``, Rally) and ``morale_effects`` (the modifiers and
``public_view``). They import only engine.base, engine.rng and each other.
"""
from __future__ import annotations

from engine.evs.morale_cards import (BASE_ACTIONS, BUFF_SIGN, CARD_KEYS, COLLAPSE_DEBUFFS, CONDITIONS, DATA,
                                     DEFAULT_TRACK, DURATIONS, EFFECT_KEYS, FACTIONS, ID_RE, INSTANTS, KINDS,
                                     LOCALES, LOSS_REASON, MAX_VALUE, MODIFIERS, ONLY, OPTIONAL_KEYS, SCOPES,
                                     MoraleContentError, card, load, validate, validate_card, validate_track)
from engine.evs.morale_effects import (active_effects, cost_modifier, defence_modifier, mobility_modifier,
                                       modifiers, morale_effect_modifier, power_modifier, public_view)
from engine.evs.morale_play import (conditions_met, play, playable, rally_cost, rally_costs, rally_remove,
                                    rally_targets)
from engine.evs.morale_shakes import (basic_actions, debuffs_against, draw_squares_crossed, faction_seat,
                                      markers, setup, shake, shake_state, start_turn)

__all__ = [
    "BASE_ACTIONS", "BUFF_SIGN", "CARD_KEYS", "COLLAPSE_DEBUFFS", "CONDITIONS", "DATA", "DEFAULT_TRACK",
    "DURATIONS", "EFFECT_KEYS", "FACTIONS", "ID_RE", "INSTANTS", "KINDS", "LOCALES", "LOSS_REASON", "MAX_VALUE",
    "MODIFIERS", "ONLY", "OPTIONAL_KEYS", "SCOPES", "MoraleContentError", "card", "load", "validate",
    "validate_card", "validate_track",
    "active_effects", "cost_modifier", "defence_modifier", "mobility_modifier", "modifiers",
    "morale_effect_modifier", "power_modifier", "public_view",
    "conditions_met", "play", "playable", "rally_cost", "rally_costs", "rally_remove", "rally_targets",
    "basic_actions", "debuffs_against", "draw_squares_crossed", "faction_seat", "markers", "setup", "shake",
    "shake_state", "start_turn",
]
