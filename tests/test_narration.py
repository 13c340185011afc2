"""Narration (issue 10, point 2): every posted board carries short, correct sentences in the
reader's language that name players, cards, units, spires and landmarks by name.

Seeded random games of every game and many option sets (solo Clash, draft, constructed,
champions; Cloudspire for 2-4 players, teams, the guided map, picked factions, events on)
are played through the engines; each move's public events are narrated by the game's
adapter (``ui.narrate``, the code the host runs) in English and Chinese, from the match as it
stands after the move (what the host has when it posts). Every sentence must be free of raw
content ids, underscores, zero-based seats, doubled words, "a" before a vowel sound, unfilled
placeholders and catalog keys, and every move must yield at least one sentence (a move that
causes no public event, such as Continue in Cloudspire, is narrated from the move itself).

Event kinds the random games rarely reach are narrated from hand-made events with the
parameters the engine gives them, so that every ``<game>.ev.<kind>`` of the catalog is walked.
"""
from __future__ import annotations

import json
from pathlib import Path

import random
import re
from dataclasses import dataclass
from functools import cache

import pytest

from engine.base import Event
from engine.cloudspire.content import load as cloudspire_content
from gamehost import registry
from gamehost.i18n import catalog
from gamehost.snapshot import snapshot
from gamehost.store import MatchRow

LOCALES = ("en", "zh-CN")
SEEDS = (1, 2, 3)
MAX_MOVES = 700

CONFIGS: tuple[tuple[str, int, dict], ...] = (
    ("clash", 2, {}),
    ("clash", 2, {"format": "draft"}),
    ("clash", 2, {"format": "constructed"}),
    ("clash", 2, {"format": "draft", "champions": True, "pause_phase3": True}),
    ("clash", 2, {"format": "constructed", "champions": True}),
    ("clash", 1, {"mode": "solo"}),
    ("clash", 1, {"mode": "solo", "format": "draft"}),
    ("clash", 1, {"mode": "solo", "solo_game": "custom", "format": "draft", "champions": True, "ai_first": True,
                  "ai_defence": True, "ai_abilities": ["FRENZY", "BLADE"]}),
    ("cloudspire", 2, {}),
    ("cloudspire", 3, {}),
    ("cloudspire", 4, {}),
    ("cloudspire", 4, {"mode": "teams"}),
    ("cloudspire", 2, {"map": "guided", "factions": "pick"}),
    ("cloudspire", 2, {"map": "tutorial", "events": "off"}),
    ("cloudspire", 3, {"spire_policy": "manual", "levelup_policy": "manual", "relics": "first_game"}),
    ("cloudspire", 2, {"faster_market": "on", "waves": 5}),
)


@dataclass(frozen=True)
class Step:
    game: str
    seats: int
    options: dict
    seat: int | None
    move: str                       # notation; "" for a concession
    events: tuple[Event, ...]
    state: dict                     # the match right after the move

    def row(self) -> MatchRow:
        return MatchRow(id=7, guild_id=None, channel_id=1, game=self.game, status="active", creator_id=1,
                        options=self.options, seats=[{"user_id": i + 1, "name": f"Player{i + 1}"}
                                                     for i in range(self.seats)],
                        seed=1, state=self.state, version=1, pace="live", timeout_policy="auto",
                        decision_seconds=600, deadline_at=None, reminded=False, board_message_id=None,
                        locale="en", result=None, created_at=0.0, updated_at=0.0)


def _usable(game: str, raw: dict) -> dict:
    return registry.normalize_options(game, raw)


@cache
def steps() -> tuple[Step, ...]:
    """Every move of the seeded random games, with its public events; then a concession."""
    out: list[Step] = []
    for game, seats, raw in CONFIGS:
        engine = registry.plugin(game).engine
        options = _usable(game, raw)
        for seed in SEEDS:
            rnd = random.Random(seed * 7919 + seats)
            state = engine.setup(seats, options, seed)
            if hasattr(engine, "setup_with_events"):  # what the start of a match tells (Clash)
                state, events = engine.setup_with_events(seats, options, seed)
                out.append(Step(game, seats, options, None, "", tuple(events), state))
            for n in range(MAX_MOVES):
                if engine.result(state) is not None:
                    break
                seat = rnd.choice(sorted({p.seat for p in engine.prompts(state)}))
                legal = engine.legal_actions(state, seat)
                action = engine.bot_action(state, seat) if rnd.random() < 0.6 else rnd.choice(legal)
                state, events = engine.apply(state, seat, action)
                out.append(Step(game, seats, options, seat, engine.format_action(action),
                                tuple(e for e in events if e.visible_to is None), state))
                if seed == SEEDS[0] and n == 40 and engine.result(state) is None:
                    for reason in ("resigned", "timeout"):  # a concession in the middle of a game
                        conceded, events = engine.concede(state, seat, reason)
                        out.append(Step(game, seats, options, seat, "", tuple(events), conceded))
    return tuple(out)


# -- hand-made events for the kinds random games rarely reach --------------------------
# (parameters as engine/<game>/ emits them)

CLASH_EXTRA: dict[str, dict] = {
    "blade": {"uid": 3, "card": "blade_dancer", "seat": 0, "excess": 2},
    "blade_blocked": {"uid": 3, "card": "blade_dancer", "seat": 1, "excess": 2},
    "retaliate_cap": {"uid": 4},
    "damage_lost": {"seat": 1, "amount": 2},
    "frenzy": {"uid": 5, "card": "ash_berserker", "seat": 0},
    "attack_paused": {"seat": 0},
    "fort_weakened": {"seat": 1, "moved": 2, "health": 1},
    "ai_spell_fizzled": {"seat": 1, "card": "war_cry", "lane": "bottom"},
    "ai_reshuffle": {"seat": 1, "size": 12},
    "dash": {"uid": 8, "card": "surge_shark", "seat": 1, "lane": "top", "passed": 2, "bonus": 2},
    "no_attack": {"uid": 6, "card": "thorn_beast", "seat": 0, "lane": "top", "reason": "thorns"},
    "vanish": {"uid": 2, "card": "mist_eel", "seat": 1, "lane": "bottom", "pos": 3},
    "champion_reset": {"seat": 0, "card": "champ_phoenix", "cost": 3},
    "champion_exhausted": {"seat": 1, "card": "champ_warlord"},
    "regenerated": {"seat": 0, "health": 1, "side": "bastion", "flipped": True},
    "retaliate": {"uid": 6, "card": "bramble_guard", "seat": 0, "lane": "bottom", "pos": 1},
    "immune": {"uid": 1, "card": "stone_golem", "seat": 0, "source": "soul_drain"},
    "protected": {"uid": 8, "card": "shell_warden", "seat": 1, "prevented": 2, "source": "entangle", "spell": True},
    "blood_price": {"seat": 1, "card": "soul_drain"},
    "ai_regenerated": {"seat": 1, "card": "tidal_wave", "deck_size": 4},
    "buff": {"uid": 2, "card": "night_bat", "seat": 1, "av": 1, "hp": 1, "source": "war_cry"},
    "activation": {"uid": 1, "card": "soul_leech", "seat": 1, "rage": True},
}

CLOUDSPIRE_EXTRA: dict[str, dict] = {
    "stalemate": {"wave": 2},
    "looted": {"seat": 1, "victim": 2, "source": 3},
    "impale": {"unit": "u19", "target": "2,-6", "damage": 1},
    "toxic_fumes": {"landmark": "l5", "unit": "u21", "damage": 1},
    "roll": {"by": "l5", "dice": [1, 1, 0]},
    "reward_lost": {"seat": 0, "reason": "no_relic"},
    "sacrificed": {"seat": 1, "structure": "harbor", "level": 2},
    "gate_repaired": {"seat": 0, "gate": 3},
    "gate_broken": {"seat": 1, "by": 0},
    "rest_mode": {"seats": [0, 1]},
    "relic_played": {"seat": 0, "relic": "prophecy_scroll", "args": []},
    "relic_drawn": {"seat": 0, "count": 1},
    "levelup_pending": {"unit": "u18", "seat": 0},
    "promoted": {"unit": "u7", "type": "dywen", "hp": 3},
    "group_next": {"unit": "u1", "type": "plumed_lancer", "hp": 4},
    "mark": {"seat": 1, "target": 0},
    "spire_destroyed": {"spire": "s6", "type": "reetall", "seat": 0, "by": 1, "pos": "1,6"},
    "spire_chip_lost": {"spire": "s9", "pos": "2,-5", "chip": "f", "left": 1},
    "spire_held": {"spire": "s9", "pos": "2,-5"},
    "faction_picked": {"seat": 1, "faction": "narora"},
    "isle_revealed": {"seat": 0, "slot": 5, "isle": "isle7", "rot": 5},
    "fortress_attached": {"seat": 0, "gate": "-2,-5", "orient": 4},
    "earthscape_placed": {"seat": 0, "earthscape": "es9", "anchor": "1,2", "rot": 3},
    "game_over": {"winners": [0, 2]},
    # told to one player only (the host sends these privately, never to the channel)
    "peek": {"seat": 1, "pos": "-4,6", "type": "bog_witch"},
    "relic_private": {"seat": 0, "relic": "source_inverter"},
    "policy": {"seat": 0, "key": "spire", "value": "nearest_gate"},
}


@cache
def synthetic() -> tuple[Step, ...]:
    """The hand-made events, one step each, narrated over a real position of the game."""
    out = []
    for game, extra in (("clash", CLASH_EXTRA), ("cloudspire", CLOUDSPIRE_EXTRA)):
        base = next(s for s in steps() if s.game == game and s.seats == (2 if game == "clash" else 3))
        for kind, params in extra.items():
            out.append(Step(game, base.seats, base.options, None, "", (Event(kind, params),), base.state))
    solo = next(s for s in steps() if s.game == "clash" and s.seats == 1)
    for kind in ("ai_spell_fizzled", "ai_reshuffle", "damage_lost", "ai_regenerated"):
        out.append(Step("clash", 1, solo.options, None, "", (Event(kind, CLASH_EXTRA[kind]),), solo.state))
    return tuple(out)


def narrate(step: Step, locale: str) -> list[str]:
    ui = registry_ui(step.game)
    moves = [(step.seat, step.move)] if step.move else []
    return ui.narrate(snapshot(step.row()), list(step.events), locale, moves=moves)


@cache
def registry_ui(game: str):
    """The game's Discord adapter, as the host holds it (no bot needed to narrate)."""
    import importlib
    module = importlib.import_module(f"cogs.{game}.ui")
    cls = next(v for k, v in vars(module).items() if k.endswith("UI") and getattr(v, "game_id", None) == game)
    return cls(None)


@cache
def narrated() -> tuple[tuple[Step, str, tuple[str, ...]], ...]:
    return tuple((step, locale, tuple(narrate(step, locale))) for step in steps() + synthetic()
                 for locale in LOCALES)


# -- what must never appear ---------------------------------------------------------------

ROOT_DIR = Path(__file__).resolve().parent.parent


def _clash_data_ids() -> set[str]:
    data = ROOT_DIR / "engine" / "clash" / "data"
    ids = {c["id"] for c in json.loads((data / "cards.json").read_text(encoding="utf-8"))["cards"]}
    for name, key in (("champions.json", "champions"), ("decks.json", "decks")):
        entries = json.loads((data / name).read_text(encoding="utf-8"))[key]
        ids |= {e["id"] for e in entries} if isinstance(entries, list) else set(entries)
    return ids


@cache
def raw_ids() -> frozenset[str]:
    """Every content id of both games (cards, decks, champions; units, spires, chips,
    landmarks, relics, events, isles, earthscapes, factions, advancements, dice)."""
    ids = set(_clash_data_ids())  # from the data files: other tests register throwaway cards ("a")
    c = cloudspire_content()
    for table in ("units", "spires", "market", "landmarks", "events", "relics", "isles", "earthscapes",
                  "factions", "dice"):
        ids |= set(c[table])
    for faction in c["factions"].values():
        ids |= {a["id"] for a in faction.get("advancements", [])}
        if faction.get("dice"):
            ids.add(faction["dice"]["id"])
    return frozenset(ids)


RAW_REF = re.compile(r"\b(?:u|s|l|ev|es|isle)\d+\b|@\d\.")
ZERO_SEAT = re.compile(r"\b(?:player|seat)\s*0\b|Player0\b|玩家\s*0(?!\d)|座位\s*0(?!\d)", re.IGNORECASE)
DOUBLED = re.compile(r"\b([A-Za-z]+) \1\b", re.IGNORECASE)
CJK_DOUBLED = re.compile(r"([\u4e00-\u9fff]{2,})\1")
A_VOWEL = re.compile(r"\ba (?!(?:uni|use|eu|one))[aeiou]", re.IGNORECASE)
AN_CONSONANT = re.compile(r"\ban (?!(?:hour|honest|heir))[b-df-hj-np-tv-z]", re.IGNORECASE)
HEX_SUBJECT = re.compile(r"(?:^|: )-?\d+,-?\d+ (?:takes|is|attacks|fires|strikes)")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
RAW_KEY = re.compile(r"\b(?:clash|cloudspire|host)\.[a-z_]+\.[a-z_.]+")
LEAKS = ("None", "True", "False", "[", "]", "{", "}", "'")


def problems(line: str, locale: str) -> list[str]:
    found = []
    words = set(re.findall(r"[a-z][a-z0-9_]*", line))
    ids = sorted(words & raw_ids())
    if ids:
        found.append(f"raw id {ids}")
    if RAW_REF.search(line):
        found.append(f"raw reference {RAW_REF.search(line).group()}")
    if "_" in line:
        found.append("underscore")
    if ZERO_SEAT.search(line):
        found.append("zero-based seat")
    if DOUBLED.search(line):
        found.append(f"doubled word {DOUBLED.search(line).group()!r}")
    if locale == "zh-CN" and CJK_DOUBLED.search(line):
        found.append(f"doubled words {CJK_DOUBLED.search(line).group()!r}")
    if locale == "en" and (A_VOWEL.search(line) or AN_CONSONANT.search(line)):
        found.append("wrong article")
    if HEX_SUBJECT.search(line):
        found.append("a hex named instead of what stands on it")
    if PLACEHOLDER.search(line):
        found.append("unfilled placeholder")
    if RAW_KEY.search(line):
        found.append("catalog key")
    leaks = [x for x in LEAKS if x in line.replace("'s ", "").replace("'s", "").replace("n't", "")]
    if leaks:
        found.append(f"raw value {leaks}")
    if not line.strip() or line != line.strip():
        found.append("blank or padded")
    if locale == "en" and line[:1].islower():
        found.append("lower-case start")
    return found


# -- the checks ---------------------------------------------------------------------------

@pytest.mark.slow  # a long walk; the full suite runs it, the quick one does not
def test_every_sentence_reads_cleanly():
    bad = []
    for step, locale, lines in narrated():
        for line in lines:
            issues = problems(line, locale)
            if issues:
                bad.append(f"{step.game} {locale} [{step.move}]: {line!r}: {', '.join(issues)}")
    assert not bad, f"{len(bad)} bad sentences, e.g.:\n" + "\n".join(bad[:25])


def test_every_move_yields_a_sentence():
    empty = [f"{step.game} {locale} seat {step.seat}: {step.move!r} ({[e.kind for e in step.events]})"
             for step, locale, lines in narrated() if not lines]
    assert not empty, f"{len(empty)} moves without narration, e.g.:\n" + "\n".join(empty[:25])


def test_chinese_narration_is_chinese():
    """A Chinese reader gets Chinese sentences (names of players aside)."""
    english = []
    for step, locale, lines in narrated():
        if locale != "zh-CN":
            continue
        for line in lines:
            text = re.sub(r"Player\d+|-?\d+,-?\d+", "", line)
            if re.search(r"[A-Za-z]{3,}", text) or not re.search(r"[\u4e00-\u9fff]", text):
                english.append(f"{step.game} [{step.move}]: {line!r}")
    assert not english, f"{len(english)} untranslated sentences, e.g.:\n" + "\n".join(english[:25])


@pytest.mark.parametrize("game", ["clash", "cloudspire"])
def test_every_event_kind_of_the_catalog_is_walked(game):
    """Every ``<game>.ev.<kind>`` is narrated at least once, and every kind has a sentence of
    its own."""
    kinds_seen = {e.kind for s in steps() + synthetic() if s.game == game for e in s.events}
    in_catalog = {k.split(".")[2] for k in catalog().entries if k.startswith(f"{game}.ev.")}
    assert in_catalog <= kinds_seen, f"never walked: {sorted(in_catalog - kinds_seen)}"
    for step, locale, lines in narrated():
        if step.game == game and len(step.events) == 1 and not step.move:
            assert lines, f"{step.events[0].kind} has no sentence in {locale}"


def test_players_and_things_are_named():
    """Sentences name the players (Player1, Player2, ...), never by seat number; "the AI"
    for the solo AI; units by name, not by the hex they stand on."""
    seen_names = set()
    for step, locale, lines in narrated():
        for line in lines:
            seen_names |= set(re.findall(r"Player\d", line))
            if step.game == "cloudspire" and locale == "en":
                assert not re.match(r"^-?\d+,-?\d+ takes", line), line
    assert {"Player1", "Player2", "Player3", "Player4"} <= seen_names
    solo = [line for step, locale, lines in narrated() if step.game == "clash" and step.seats == 1
            and locale == "en" for line in lines]
    assert any("the AI" in line or line.startswith("The AI") for line in solo)
    assert not any("AI's fort card" in line or "Player2" in line for line in solo)


def test_known_rough_sentences_are_gone():
    """The sentences of the issue: "lane lane", raw card ids, "player 0", "fort moves",
    "builds a Arc Pylon", a hex taking damage, and a Continue with no text."""
    text = "\n".join(line for _, locale, lines in narrated() if locale == "en" for line in lines)
    for rough in ("lane lane", "cast on blade", "takes the deck ember", "player 0", "fort moves", "a Arc",
                  "a Aerie", "a Aether"):
        assert rough not in text
    continues = [lines for step, locale, lines in narrated()
                 if step.game == "cloudspire" and step.move in ("next", "skip") and locale == "en"]
    assert continues and all(continues)


def test_a_move_without_events_is_narrated_from_the_move():
    """Continue in Cloudspire ("next") often causes no public event: the board still says
    who did what, from the move the host passes (pairs, or the logged moves themselves)."""
    from gamehost.store import LoggedAction
    step = next(s for s in steps() if s.game == "cloudspire" and s.move == "next" and not s.events)
    ui = registry_ui("cloudspire")
    snap = snapshot(step.row())
    name = f"Player{step.seat + 1}"
    assert ui.narrate(snap, [], "en", moves=[(step.seat, "next")]) == [f"{name} moves on to the next step."]
    assert ui.narrate(snap, [], "zh-CN", moves=[(step.seat, "next")]) == [f"{name}进入下一步。"]
    logged = [LoggedAction(5, step.seat, 1, "action", "next", 0.0)]
    assert ui.narrate(snap, [], "en", moves=logged) == [f"{name} moves on to the next step."]
    # a secret change to a deployment stack says that much, and nothing of what changed
    assert ui.narrate(snap, [], "en", moves=[(step.seat, "add aerin")]) == [f"{name} works on their deployment stack."]


def test_moves_with_their_own_events_are_narrated_in_order():
    """Given ``(seat, notation, events)`` per move (a person's move, then the bots'), each
    move is told in order, a Continue among them included."""
    cs = [s for s in steps() if s.game == "cloudspire" and s.seats == 2]
    k = next(i for i in range(1, len(cs) - 2) if cs[i].move == "next" and not cs[i].events
             and cs[i - 1].events and cs[i + 1].events)
    group = cs[k - 1:k + 2]
    ui = registry_ui("cloudspire")
    snap = snapshot(group[-1].row())
    told = ui.narrate(snap, [e for s in group for e in s.events], "en",
                      moves=[(s.seat, s.move, list(s.events)) for s in group])
    name = f"Player{group[1].seat + 1}"
    assert f"{name} moves on to the next step." in told
    first = ui.narrate(snap, list(group[0].events), "en", moves=[(group[0].seat, group[0].move)])
    assert told[:len(first)] == first
    # as pairs only the first move (the person's) can be told apart from the bots' events
    flat = ui.narrate(snap, [e for s in group[1:] for e in s.events], "en",
                      moves=[(s.seat, s.move) for s in group[1:]])
    assert flat[0] == f"{name} moves on to the next step."


def test_a_match_without_a_board_is_still_narrated():
    """A cancelled match has no state and an empty view: its events are still told."""
    step = next(s for s in steps() if s.game == "cloudspire")
    empty = Step(step.game, step.seats, step.options, 0, "", (Event("conceded", {"seat": 0, "reason": "resigned"}),),
                 None)
    ui = registry_ui("cloudspire")
    assert ui.narrate(snapshot(empty.row()), list(empty.events), "en") == ["Player1 concedes."]
