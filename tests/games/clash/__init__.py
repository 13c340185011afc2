"""What the shared tests need of Clash of Decks (tests/games/__init__.py lists the names)."""
from __future__ import annotations

import random
import re

from engine.clash import notation
from engine.clash.cards import STARTER

# -- narration (tests/test_narration.py) ---------------------------------------------------

NARRATION_CONFIGS: list[tuple[int, dict]] = [
    (2, {}),
    (2, {"format": "draft"}),
    (2, {"format": "constructed"}),
    (2, {"format": "draft", "champions": True, "pause_phase3": True}),
    (2, {"format": "constructed", "champions": True}),
    (1, {"mode": "solo"}),
    (1, {"mode": "solo", "format": "draft"}),
    (1, {"mode": "solo", "solo_game": "custom", "format": "draft", "champions": True, "ai_first": True,
         "ai_defence": True, "ai_abilities": ["FRENZY", "BLADE"]}),
]
NARRATION_SEEDS = (1, 2, 3)

# kinds the random games rarely reach, with the parameters engine/clash emits them with
_EXTRA: dict[str, dict] = {
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
NARRATION_EVENTS: list[tuple[int, str, dict]] = (
    [(2, kind, params) for kind, params in _EXTRA.items()]
    # what the solo AI does, over a solo game
    + [(1, kind, _EXTRA[kind]) for kind in ("ai_spell_fizzled", "ai_reshuffle", "damage_lost", "ai_regenerated")])

# -- the log (tests/engine/test_log_redaction.py) -------------------------------------------

# verb -> what another seat sees while the move is hidden (None: public)
LOG_EXPECT: dict[str, str | None] = {
    "play": None,        # CD-PLAY-4, CD-SPELL-2/3, CD-POS-1: face up on the board
    "champion": None,    # CD-CHA-5
    "end": None,         # CD-PLAY-1
    "go": None,          # CD-AMB-10
    "deck": None,        # CD-FMT-4, CD-AMB-8
    "pick": None,        # CD-FMT-6/7, CD-SOLO-5; public: "the cards revealed and picked during a draft"
    "build": "build ?",  # CD-FMT-8: a Constructed deck is private until its cards are played
    "choose": "choose ?",  # CD-CHA-4: private until the simultaneous reveal
}

LOG_FORMATS = [
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
LOG_SEEDS = (1, 2, 3)
LOG_RARE = {"go"}  # a paused attack phase: the seeded games reach it only now and then

LOG_SAMPLES = ["play ember_drake top", "play frost_bolt @1.top.1", "play shade_rider on @0.top.2",
               "champion top", "champion on @1.bottom.1", "end", "go", "deck ember", "pick frost_bolt",
               "build a1,b2,c3,d4,e5,f6,g7,h8", "choose champ_warlord"]
LOG_SAMPLE_SETUP = (2, {"format": "constructed", "champions": True})


def log_action(action: dict, rnd: random.Random) -> dict:
    """Most constructed decks of the logged games are real secret decks of starter cards."""
    if action.get("type") == "build" and rnd.random() < 0.7:
        return {"type": "build", "cards": rnd.sample(list(STARTER), 8)}
    return action


def log_revealed(state: dict, actor: int, text: str) -> bool:
    """A champion choice is public once the champions are revealed (CD-CHA-4)."""
    return text.split()[0] == "choose" and state["players"][actor].get("champion") is not None


def grammar_verbs() -> set[str]:
    """The verbs of ``action := ...`` in engine/clash/notation.py, cross-checked with the
    table (``VERBS``) that its parser and formatter both read."""
    m = re.search(r"action\s*:=\s*(.+)", notation.__doc__ or "")
    assert m, "engine/clash/notation.py documents no grammar"
    doc = {w.strip().strip('"') for w in m.group(1).split("|")}
    parsed = set(notation.VERBS)
    assert doc == parsed, f"grammar {sorted(doc)} and parser {sorted(parsed)} disagree"
    return doc


# -- pictures (tests/render/test_legibility.py) -----------------------------------------------

def _crowded_state(seats: int, options: dict, seed: int):
    """The position of a random legal game with the most creatures on one side of a lane."""
    from engine.clash import GAME
    from engine.playout import playout, uniform_policy

    best: list = [-1, None]

    def watch(state, _seat, _action, _moves):
        if state["stage"] != "play":
            return
        most = max(len(side) for lane in state["lanes"] for side in lane)
        if most > best[0]:
            best[:] = [most, state]
    playout(GAME, seats, seed, options=options, policy=uniform_policy(GAME, random.Random(seed)),
            watch=watch, inplace=False)
    return best[1]


def _setup_views(seats: int, options: dict, seed: int) -> dict:
    """stage -> (public view, seat 0's view) at the first position of every stage before the play."""
    from engine.clash import GAME
    from engine.playout import StopPlayout, playout, uniform_policy

    out: dict = {}

    def watch(state, _seat, _action, _moves):
        if state["stage"] == "play":
            raise StopPlayout
        out.setdefault(state["stage"], (GAME.view(state, None), GAME.view(state, 0)))
    state = GAME.setup(seats, options, seed)
    out[state["stage"]] = (GAME.view(state, None), GAME.view(state, 0))
    playout(GAME, seats, seed, options=options, policy=uniform_policy(GAME, random.Random(seed)), watch=watch,
            inplace=False)
    return out


def legibility_cases():
    """Every picture Clash posts or DMs: the sample boards and hands (crowded lanes, long
    names), random legal games at their most crowded at both seat counts (solo: 1, duel: 2),
    and the private sheets of every stage before the play; English and Chinese."""
    from engine.clash import GAME
    from engine.clash.cards import CARDS
    from render import clash
    from render.common import font
    from tests.games.clash.render import clash_views as cv

    def drawn(make):
        def draw():
            clash.clear_caches()  # every string is drawn (and recorded), none pasted from a cache
            return make()
        return draw

    cases = []
    names = {1: ["Alexandra the Magnificent", "AI"], 2: ["Alexandra the Magnificent", "龘龘 민준 🐉Drake"]}
    longest = sorted(CARDS, key=lambda c: -font(24).getlength(CARDS[c]["name"]["en"]))[:6]
    for lang in ("en", "zh-CN"):
        for name, (make, seat_names) in cv.BOARD_SAMPLES.items():
            cases.append((f"board-{name}-{lang}", drawn(lambda m=make, n=seat_names, lg=lang: clash.render_board(
                m(), seat_names=n, card_lookup=cv.lookup, lang=lg))))
        for name, (make, seat) in cv.HAND_SAMPLES.items():
            cases.append((f"{name}-{lang}", drawn(lambda m=make, s=seat, lg=lang: clash.render_hand(
                m(), s, card_lookup=cv.lookup, lang=lg))))
        for name, (view, viewer) in cv.long_name_views(CARDS, longest).items():
            if viewer is None:
                cases.append((f"long-{name}-{lang}", drawn(lambda v=view, lg=lang: clash.board_png(
                    v, names[2], lg))))
            else:
                cases.append((f"long-{name}-hand-{lang}", drawn(lambda v=view, s=viewer, lg=lang: clash.private_png(
                    v, s, names[2], lg))))
        for seats, options, seed in ((1, {"mode": "solo"}, 4), (1, {"mode": "solo", "format": "draft"}, 5),
                                     (2, {}, 6), (2, {"format": "draft", "champions": True}, 7)):
            state = _crowded_state(seats, options, seed)
            tag = f"{seats}seat-{options.get('format', 'precon')}-seed{seed}-{lang}"
            cases.append((f"crowded-board-{tag}", drawn(lambda st=state, n=seats, lg=lang: clash.board_png(
                GAME.view(st, None), names[n][:n], lg))))
            cases.append((f"crowded-hand-{tag}", drawn(lambda st=state, n=seats, lg=lang: clash.private_png(
                GAME.view(st, 0), 0, names[n][:n], lg))))
        for seats, options in ((2, {}), (2, {"format": "draft", "champions": True}), (2, {"format": "constructed"}),
                               (1, {"mode": "solo", "format": "draft"})):
            for stage, (public, mine) in _setup_views(seats, options, 3).items():
                tag = f"{seats}seat-{options.get('format', 'precon')}-{stage}-{lang}"
                cases.append((f"setup-board-{tag}", drawn(lambda v=public, n=seats, lg=lang: clash.board_png(
                    v, names[n][:n], lg))))
                cases.append((f"setup-sheet-{tag}", drawn(lambda v=mine, n=seats, lg=lang: clash.private_png(
                    v, 0, names[n][:n], lg))))
    return cases
