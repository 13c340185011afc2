"""Per-viewer redaction of the match log: ``GAME.log_text(state, actor, viewer, text)`` of
both engines (engine.base.Game), checked on the real logs of seeded games played from setup
to the end in every format, for the actor, every other seat and an outsider (``None``).

The expectation tables below are this file's own reading of the rules (the engine's tables
live in engine/clash/redact.py and engine/cloudspire/redact.py); a meta-test checks that
every verb of each notation grammar has a row here and in the engine.
"""
from __future__ import annotations

import inspect
import random
import re

import pytest

from engine import base
from engine.clash import GAME as CLASH
from engine.clash import notation as clash_notation
from engine.clash import redact as clash_redact
from engine.clash.cards import STARTER
from engine.cloudspire import GAME as CS
from engine.cloudspire import apply as cs_apply
from engine.cloudspire import notation as cs_notation
from engine.cloudspire import redact as cs_redact
from engine.cloudspire.state import friendly

PUBLIC = None  # the move reads the same to everyone

# Clash of Decks: verb -> what another seat sees while the move is hidden.
CLASH_EXPECT = {
    "play": PUBLIC,      # CD-PLAY-4, CD-SPELL-2/3, CD-POS-1: face up on the board
    "champion": PUBLIC,  # CD-CHA-5
    "end": PUBLIC,       # CD-PLAY-1
    "go": PUBLIC,        # CD-AMB-10
    "deck": PUBLIC,      # CD-FMT-4, CD-AMB-8
    "pick": PUBLIC,      # CD-FMT-6/7, CD-SOLO-5; public: "the cards revealed and picked during a draft"
    "build": "build ?",  # CD-FMT-8: a Constructed deck is private until its cards are played
    "choose": "choose ?",  # CD-CHA-4: private until the simultaneous reveal
}

# Cloudspire: verb -> what another seat (team-mates included) sees.
CS_EXPECT = {
    "pick": PUBLIC, "isle": PUBLIC, "fort": PUBLIC,                  # CS-SET-2, CS-SET-8..11
    "buy": PUBLIC, "pass": PUBLIC,                                   # CS-MKT-3/4/6
    "build": PUBLIC, "up": PUBLIC, "es": PUBLIC, "skip": PUBLIC,     # CS-BLD-3/4/6, CS-LBO-1
    "adv": PUBLIC, "end": PUBLIC, "next": PUBLIC,                    # CS-BLD-7, CS-BLD-1, CS-ONS-2
    "mark": PUBLIC, "lock": PUBLIC,                                  # CS-PREP-1, CS-PREP-9/11
    "relic": PUBLIC, "die": PUBLIC,                                  # CS-AMB-44, CS-SET-5
    "mv": PUBLIC, "mm": PUBLIC,                                      # CS-MOV-3/5/9
    "explore": PUBLIC, "reveal": PUBLIC, "hide": PUBLIC,             # CS-EXP-2/7
    "atk": PUBLIC, "lvl": PUBLIC, "free": PUBLIC, "fire": PUBLIC,    # CS-ATK-1, CS-HERO-3, CS-AMB-41, CS-FIRE-1
    "add": "?", "join": "?", "equip": "?", "undo": "?", "autostack": "?",  # CS-PREP-11, CS-AMB-33
    "pol": "pol ? ?",                                                # private standing settings
}


# ---------------------------------------------------------------------------- grammar verbs

def clash_grammar_verbs() -> set[str]:
    """The verbs of ``action := ...`` in engine/clash/notation.py, cross-checked with the
    table (``VERBS``) that its parser and formatter both read."""
    m = re.search(r"action\s*:=\s*(.+)", clash_notation.__doc__)
    doc = {w.strip().strip('"') for w in m.group(1).split("|")}
    parsed = set(clash_notation.VERBS)
    assert doc == parsed, f"grammar {sorted(doc)} and parser {sorted(parsed)} disagree"
    return doc


def cs_grammar_verbs() -> set[str]:
    """The verbs of the grammar in engine/cloudspire/notation.py's docstring, cross-checked
    with the table (``VERBS``) that its parser and formatter both read."""
    block = cs_notation.__doc__.split("::", 1)[1]
    doc = set()
    for line in block.splitlines():
        if not re.match(r"^    \S", line):
            if doc and line.strip() and not line.startswith(" "):
                break
            continue
        left = re.split(r"\s{2,}", line.strip())[0]
        doc |= {seg.split()[0] for seg in left.split(" / ")}
    parsed = {row.verb for row in cs_notation.VERBS}
    assert doc == parsed, f"grammar {sorted(doc)} and parser table {sorted(parsed)} disagree"
    return doc


def test_every_notation_verb_has_a_row_in_the_test_and_engine_tables():
    """Meta-check: each verb of each grammar has a decided visibility (CD-FMT-8, CD-CHA-4,
    CS-PREP-11, CS-AMB-33), here and in the engine's table, and the two agree."""
    for verbs, expect, engine_table in ((clash_grammar_verbs(), CLASH_EXPECT, clash_redact.VERBS),
                                        (cs_grammar_verbs(), CS_EXPECT, cs_redact.VERBS)):
        assert verbs == set(expect), f"test table: missing {verbs - set(expect)}, extra {set(expect) - verbs}"
        assert verbs == set(engine_table), f"engine table: missing {verbs - set(engine_table)}"
        for v, redacted in expect.items():
            assert engine_table[v].hidden == redacted, v


def test_game_objects_implement_the_contract_methods():
    """``log_text(state, actor, viewer, text)`` and ``log_hidden(text)`` on both GAME objects,
    with the signature of engine.base.Game."""
    want = list(inspect.signature(base.Game.log_text).parameters)
    assert want == ["self", "state", "actor", "viewer", "text"]
    for game in (CLASH, CS):
        assert list(inspect.signature(game.log_text).parameters) == want[1:]
        assert list(inspect.signature(game.log_hidden).parameters) == ["text"]


# ---------------------------------------------------------------------------- real games

def _verb(text: str) -> str:
    return text.split()[0]


def play_logged(game, seats: int, options: dict, seed: int, policies: dict | None = None,
                mix: float = 0.3) -> tuple[list[tuple[int, str, dict]], dict]:
    """Play a seeded game from setup to the end through ``game.apply``; every move is logged
    as (actor, notation, state right after it). Moves come from ``bot_action``, mixed with
    random legal moves (preferring verbs not logged yet, to reach every kind of move)."""
    rnd = random.Random(seed * 7919 + seats)
    st = game.setup(seats, options, seed)
    log: list[tuple[int, str, dict]] = []
    for seat, actions in (policies or {}).items():
        for a in actions:
            st, _ = game.apply(st, seat, a)
            log.append((seat, game.format_action(a), st))
    for _ in range(20000):
        if game.result(st) is not None:
            return log, st
        seat = game.prompts(st)[0].seat
        legal = game.legal_actions(st, seat)
        seen = {_verb(t) for _, t, _ in log}
        fresh = [a for a in legal if _verb(game.format_action(a)) not in seen]
        r = rnd.random()
        if fresh and r < 0.5:
            a = rnd.choice(fresh)
        elif r < 0.5 + mix:
            a = rnd.choice(legal)
        else:
            a = game.bot_action(st, seat)
        if game is CLASH and a.get("type") == "build" and rnd.random() < 0.7:
            a = {"type": "build", "cards": rnd.sample(list(STARTER), 8)}  # a real secret deck
        st, _ = game.apply(st, seat, a)
        log.append((seat, game.format_action(a), st))
    raise AssertionError("game did not end")


CLASH_FORMATS = [
    ("duel_precon", 2, {}),
    ("duel_draft", 2, {"format": "draft"}),
    ("duel_draft_champions", 2, {"format": "draft", "champions": True, "pause_phase3": True}),
    ("duel_constructed", 2, {"format": "constructed"}),
    ("duel_constructed_champions", 2, {"format": "constructed", "champions": True}),
    ("solo_precon", 1, {"mode": "solo"}),
    ("solo_draft", 1, {"mode": "solo", "format": "draft"}),
    ("solo_custom_champions", 1, {"mode": "solo", "format": "draft", "solo_game": "custom",
                                  "champions": True, "ai_base_mana": 10}),
]

_MANUAL = [{"type": "pol", "key": k, "value": "manual"} for k in ("spire", "levelup", "reward", "mark")]
CS_FORMATS = [
    ("2p", 2, {}),
    ("2p_faster_prep", 2, {"faster_prep": "on", "faster_build": "on"}),
    ("3p_guided_pick", 3, {"map": "guided", "factions": "pick"}),
    ("4p", 4, {}),
    ("teams", 4, {"mode": "teams"}),
]

_CACHE: dict = {}


def clash_games():
    if "clash" not in _CACHE:
        _CACHE["clash"] = [(name, seats) + play_logged(CLASH, seats, opts, seed)
                           for name, seats, opts in CLASH_FORMATS for seed in (1, 2, 3)]
    return _CACHE["clash"]


def cs_games():
    if "cs" not in _CACHE:
        out = []
        for name, seats, opts in CS_FORMATS:
            for seed in (1, 2):
                pols = {s: list(_MANUAL) + [{"type": "pol", "key": "spire", "value": "heroes_first"}]
                        for s in range(seats)} if seed == 1 else {0: _MANUAL[:1]}
                out.append((name, seats) + play_logged(CS, seats, opts, seed, pols))
        _CACHE["cs"] = out
    return _CACHE["cs"]


def secret_tokens(expect: dict, text: str) -> list[str]:
    """The words of a hidden move that another seat must not see: its arguments (card ids,
    unit types, items, heroes, policy keys and values), and the verb itself when the
    redacted form hides it."""
    words = text.split()
    verb, args = words[0], words[1:]
    toks = [t for a in args for t in a.split(",") if t]
    if expect[verb] is not PUBLIC and not expect[verb].startswith(verb):
        toks.append(verb)
    return toks


def _viewers(seats: int) -> list:
    return list(range(max(seats, 2))) + [None]


def _check_log(game, expect, log, final, seats, revealed=lambda st, actor, text: False):
    seen_verbs = set()
    for actor, text, after in log:
        verb = _verb(text)
        seen_verbs.add(verb)
        for st in (after, final):
            for viewer in _viewers(seats):
                shown = game.log_text(st, actor, viewer, text)
                if viewer == actor or expect[verb] is PUBLIC or revealed(st, actor, text):
                    assert shown == text, (actor, viewer, text, shown)
                    continue
                assert shown == expect[verb], (actor, viewer, text, shown)
                words = set(re.split(r"[\s,]+", shown))
                leaked = [t for t in secret_tokens(expect, text) if t in words or t in shown.replace("?", "")]
                assert not leaked, (actor, viewer, text, shown, leaked)
        assert game.log_hidden(text) is (expect[verb] is not PUBLIC)
    return seen_verbs


# Verbs that seeded games reach only now and then (a paused attack phase, an earthscape that
# opens a buildable well, a Wild Drake reward); the samples below cover them in any case.
RARE = {"go", "skip", "free"}


def _clash_revealed(st, actor, text):
    return _verb(text) == "choose" and st["players"][actor].get("champion") is not None


def test_clash_real_logs_every_format_cd_fmt_8_cd_cha_4():
    """Every move of seeded Clash games in every format (precon, draft, constructed, with
    champions, solo quick and custom), seen by the actor, the opponent and an outsider, both
    right after the move and at the end: public moves unchanged (CD-PLAY-4, CD-FMT-6,
    CD-AMB-8), ``build ?`` always for others (CD-FMT-8, CD-HAND-1), ``choose ?`` until the
    simultaneous reveal (CD-CHA-4, CD-AMB-50); no card of a hidden move leaks."""
    seen = set()
    for name, seats, log, final in clash_games():
        seen |= _check_log(CLASH, CLASH_EXPECT, log, final, seats, _clash_revealed)
    assert set(CLASH_EXPECT) - seen <= RARE, f"verbs never played: {set(CLASH_EXPECT) - seen}"


@pytest.mark.slow  # a long walk; the full suite runs it, the quick one does not
def test_cloudspire_real_logs_every_format_cs_prep_11_cs_amb_33():
    """Every move of seeded Cloudspire games (2 players, faster prep, 3 players guided with
    faction picks, 4 players, 2 vs 2), seen by the actor, every other seat (team-mates
    included, CS-TEAM-4) and an outsider, right after the move and at the end of the game:
    stack building is ``?`` for others (CS-PREP-3..8, CS-PREP-11, CS-MKT-7, CS-AMB-33),
    policies are ``pol ? ?``; every other verb is unchanged (CS-SET-8, CS-BLD-3, CS-MOV-3,
    CS-EXP-2, CS-FIRE-1, CS-HERO-3, CS-AMB-44)."""
    seen = set()
    for name, seats, log, final in cs_games():
        assert final["phase"] == "over"
        seen |= _check_log(CS, CS_EXPECT, log, final, seats)
    assert set(CS_EXPECT) - seen <= RARE, f"verbs never played: {set(CS_EXPECT) - seen}"


CLASH_SAMPLES = ["play ember_drake top", "play frost_bolt @1.top.1", "play shade_rider on @0.top.2",
                 "champion top", "champion on @1.bottom.1", "end", "go", "deck ember", "pick frost_bolt",
                 "build a1,b2,c3,d4,e5,f6,g7,h8", "choose champ_warlord"]
CS_SAMPLES = ["pick brawnen", "isle 3 2", "fort 2,-3 1", "buy ballista", "buy es", "pass",
              "build catapult+ 3,-1 af", "up 3,-1 f", "es es9 -2,3 1", "skip", "adv harbor", "end",
              "mark 2", "add slinger", "join warmonger", "equip longbow grimjaw", "undo", "lock",
              "autostack", "relic war_horn 1,2 3,4", "die", "next", "mv u4 2,-1", "mm u5 stay",
              "mm u5 1,1", "explore 4,-1", "reveal", "hide", "atk u4 5,-2", "lvl u4 flip", "free ballista ar",
              "free none", "fire s3 u7", "pol spire heroes_first"]


@pytest.mark.parametrize("game,expect,samples,seats", [
    (CLASH, CLASH_EXPECT, CLASH_SAMPLES, 2), (CS, CS_EXPECT, CS_SAMPLES, 4)], ids=["clash", "cloudspire"])
def test_every_verb_sample_for_actor_opponent_and_outsider_cd_fmt_8_cs_prep_11(game, expect, samples, seats):
    """One sample of every verb (all forms), parsed by the engine's own notation, seen by
    the actor, every other seat and an outsider: public verbs unchanged, hidden ones in
    their redacted form with none of their tokens (CD-FMT-8, CD-CHA-4, CS-PREP-11,
    CS-AMB-33)."""
    assert {_verb(t) for t in samples} == set(expect)
    st = game.setup(seats, {"format": "constructed", "champions": True} if game is CLASH else {"mode": "teams"}, 1)
    for text in samples:
        assert game.format_action(game.parse_action(text)) == text
        _check_log(game, expect, [(0, text, st)], st, seats)


def test_clash_champion_choice_hidden_until_the_simultaneous_reveal_cd_cha_4():
    """The first ``choose`` is hidden from the opponent and spectators while the other seat
    is still choosing, and public from the reveal on (CD-CHA-4); the last choice reveals at
    once. Solo: only the player chooses, so it is revealed at once (CD-AMB-50)."""
    st = CLASH.setup(2, {"format": "constructed", "champions": True}, 5)
    for seat in (0, 1):
        st, _ = CLASH.apply(st, seat, CLASH.timeout_action(st, seat))
    assert st["stage"] == "champion"
    first = CLASH.legal_actions(st, 0)[0]
    text = CLASH.format_action(first)
    mid, events = CLASH.apply(st, 0, first)
    assert all(first["champion"] not in str(e.params) for e in events)
    assert CLASH.log_text(mid, 0, 0, text) == text
    assert CLASH.log_text(mid, 0, 1, text) == "choose ?"
    assert CLASH.log_text(mid, 0, None, text) == "choose ?"
    second = CLASH.legal_actions(mid, 1)[-1]
    done, _ = CLASH.apply(mid, 1, second)
    assert CLASH.log_text(done, 0, 1, text) == text
    assert CLASH.log_text(done, 1, None, CLASH.format_action(second)) == CLASH.format_action(second)
    # conceded before the reveal: stays hidden, also at the end of the game
    over, _ = CLASH.concede(mid, 1, "resigned")
    assert CLASH.result(over) is not None
    assert CLASH.log_text(over, 0, 1, text) == "choose ?"
    assert CLASH.log_text(over, 0, None, text) == "choose ?"


def test_clash_constructed_deck_stays_hidden_even_after_the_game_cd_fmt_8():
    """A constructed deck is never shown whole to others, not even once the game is over:
    only the cards played become public, through their own ``play`` entries (CD-FMT-8,
    CD-HAND-1). The events of submitting it carry no card."""
    st = CLASH.setup(2, {"format": "constructed"}, 9)
    decks = [sorted(STARTER)[:8], sorted(STARTER)[-8:]]
    for seat in (0, 1):
        st, events = CLASH.apply(st, seat, {"type": "build", "cards": decks[seat]})
        assert not any(c in str(e.params) for e in events for d in decks for c in d)
    text = "build " + ",".join(decks[0])
    over, _ = CLASH.concede(st, 1, "resigned")
    for state in (st, over):
        assert CLASH.log_text(state, 0, 0, text) == text
        assert CLASH.log_text(state, 0, 1, text) == "build ?"
        assert CLASH.log_text(state, 0, None, text) == "build ?"


def test_cloudspire_team_mate_sees_what_an_opponent_sees_cs_team_4():
    """2 vs 2: team-mates are friendly (CS-TEAM-4) but no rule shares hidden information,
    so a team-mate sees a redacted stack move like an opponent (CS-PREP-11, CS-AMB-33)."""
    name, seats, log, final = next(g for g in cs_games() if g[0] == "teams")
    checked = 0
    for actor, text, after in log:
        if CS_EXPECT[_verb(text)] is PUBLIC:
            continue
        mates = [s for s in range(4) if s != actor and friendly(final, actor, s)]
        assert mates
        for m in mates:
            assert CS.log_text(after, actor, m, text) == CS_EXPECT[_verb(text)]
            checked += 1
    assert checked


def test_system_entries_and_unknown_text():
    """System entries (actor ``None``) and concede texts (``resign``, ``timeout``,
    ``abandon``) are public; text that is not notation is hidden entirely (never leak);
    the actor always sees its own hidden move (CD-FMT-8, CS-PREP-11)."""
    cst = CLASH.setup(2, {"format": "constructed"}, 1)
    sst = CS.setup(2, {}, 1)
    for game, st, hidden in ((CLASH, cst, "build a,b,c,d,e,f,g,h"), (CS, sst, "add slinger")):
        for text in ("resign", "timeout", "abandon"):
            for viewer in (0, 1, None):
                assert game.log_text(st, 1, viewer, text) == text
        assert game.log_text(st, None, 0, hidden) == hidden
        assert game.log_text(st, None, None, hidden) == hidden
        assert game.log_text(st, 0, 0, hidden) == hidden
        assert game.log_text(st, 0, 1, "frobnicate secret_card") == "?"
        assert game.log_text(st, 0, 1, "") == ""
        assert game.log_hidden("frobnicate x") and not game.log_hidden("resign")


# ---------------------------------------------------------------------------- event streams

def _public(e) -> bool:
    assert "private_to" not in e.params  # one event shape: visibility is Event.visible_to
    return e.visible_to is None


def test_cloudspire_hidden_moves_emit_no_public_detail_cs_prep_11_cs_exp_7_cs_amb_44():
    """Events narrated to the channel carry no hidden information: stack building emits
    nothing public, a lock tells only the height and the top (CS-PREP-11, CS-AMB-33),
    landmark faces seen while exploring (CS-EXP-7), relics drawn (CS-AMB-44) and standing
    policies are ``visible_to`` their seat only (engine.base.Event)."""
    for name, seats, opts in CS_FORMATS[:3]:
        rnd = random.Random(3)
        st = CS.setup(seats, opts, 3)
        st, events = CS.apply(st, 1, {"type": "pol", "key": "spire", "value": "manual"})
        assert [e.visible_to for e in events] == [1] and not [e for e in events if _public(e)]
        kinds = set()
        while CS.result(st) is None:
            seat = CS.prompts(st)[0].seat
            legal = CS.legal_actions(st, seat)
            a = rnd.choice(legal) if rnd.random() < 0.4 else CS.bot_action(st, seat)
            st, events = CS.apply(st, seat, a)
            kinds |= {e.kind for e in events}
            if a["type"] in ("add", "join", "equip", "undo"):
                assert not [e for e in events if _public(e)], (a, events)
            for e in events:
                if e.kind in ("peek", "relic_private", "policy"):
                    assert not _public(e) and e.visible_to in range(seats), e
                if e.kind == "stack_locked":
                    assert set(e.params) == {"seat", "height", "top"}
        assert "peek" in kinds


def test_cloudspire_concede_keeps_private_events_private(monkeypatch):
    """Events raised while a conceded seat is played out keep their ``visible_to`` seat
    (e.g. a relic drawn by that seat, CS-AMB-44), as ``apply`` does."""
    def fake_autoplay(st, events):
        events.append(base.Event("relic_private", {"seat": 2, "relic": "x"}, visible_to=2))
    monkeypatch.setattr(cs_apply, "autoplay_conceded", fake_autoplay)
    st = CS.setup(3, {}, 4)
    _, events = CS.concede(st, 2, "resigned")
    private = [e for e in events if e.kind == "relic_private"]
    assert private and private[0].visible_to == 2 and "private_to" not in private[0].params


def test_clash_events_never_name_a_hidden_deck_or_champion_cd_fmt_8_cd_cha_4():
    """While decks and champions are secret, no event names one of their cards: submitting a
    constructed deck (CD-FMT-8) or choosing a champion before the reveal (CD-CHA-4)."""
    for seed in (1, 2, 3):
        st = CLASH.setup(2, {"format": "constructed", "champions": True}, seed)
        rnd = random.Random(seed)
        decks = {}
        for seat in (0, 1):
            decks[seat] = rnd.sample(list(STARTER), 8)
            st, events = CLASH.apply(st, seat, {"type": "build", "cards": decks[seat]})
            text = " ".join(f"{e.kind} {e.params}" for e in events)
            assert not any(re.search(rf"\b{c}\b", text) for c in decks[seat]), text
        pick = CLASH.legal_actions(st, 0)[0]
        st, events = CLASH.apply(st, 0, pick)
        assert pick["champion"] not in " ".join(f"{e.params}" for e in events)
