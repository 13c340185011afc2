"""Tests for the Clash of Decks renderer (the render/clash/ package): what is drawn on the fixed
samples, pinned.

What is drawn is pinned as content (every string with its font size, and the image size, for
the fixed sample views in ``clash_views``), never as pixels: pixels change with the Pillow and
FreeType versions. The shared helpers are in clash_render_helpers.py.

``DRAWN`` and ``DRAWN_ZH`` at the end of this file hold the pins; after a deliberate change,
print the new ones with ``_drawn`` and review the difference.
"""

from __future__ import annotations

import pytest

from tests.games.clash.render import clash_views
from tests.games.clash.render.clash_render_helpers import _drawn
from tests.render.text_recorder import DrawnText

from render.clash import render_board, render_hand


def _tokens(texts: list[DrawnText]) -> list[str]:
    return [f"{t.text}@{t.size}" for t in texts]


# ---------------------------------------------------------------- what is drawn, pinned


@pytest.mark.parametrize("name", sorted(clash_views.BOARD_SAMPLES))
def test_board_sample_draws_the_pinned_content(name):
    make, names = clash_views.BOARD_SAMPLES[name]
    img, texts = _drawn(lambda: render_board(make(), seat_names=names, card_lookup=clash_views.lookup))
    size, pinned = DRAWN[f"board_{name}"]
    assert img.size == size
    assert _tokens(texts) == "".join(pinned).split("|")


@pytest.mark.parametrize("name", sorted(clash_views.HAND_SAMPLES))
def test_hand_sample_draws_the_pinned_content(name):
    make, seat = clash_views.HAND_SAMPLES[name]
    img, texts = _drawn(lambda: render_hand(make(), seat, card_lookup=clash_views.lookup))
    size, pinned = DRAWN[name]
    assert img.size == size
    assert _tokens(texts) == "".join(pinned).split("|")


ZH_PINNED = {
    "board_midgame": lambda: render_board(clash_views.midgame(), seat_names=clash_views.NAMES,
                                          card_lookup=clash_views.lookup, lang="zh-CN"),
    "board_finished": lambda: render_board(clash_views.finished(), seat_names=["小明", "Bob"],
                                           card_lookup=clash_views.lookup, lang="zh-CN"),
    "hand_opening_seat0": lambda: render_hand(clash_views.opening(private_for=0), 0,
                                              card_lookup=clash_views.lookup, lang="zh-CN"),
}


@pytest.mark.parametrize("name", sorted(ZH_PINNED))
def test_chinese_sample_draws_the_pinned_content(name):
    """The same samples in zh-CN: the catalog's Chinese words, the cards' and decks' Chinese
    names, and a Chinese seat name ("小明") as it is."""
    img, texts = _drawn(ZH_PINNED[name])
    size, pinned = DRAWN_ZH[name]
    assert img.size == size
    assert _tokens(texts) == "".join(pinned).split("|")


#: sample -> (image size, every string drawn, in order, as "text@font size", joined by "|")

DRAWN = {
    'board_crowded': ((1200, 855), (
        'BOTTOM@24|TOP@24|Duel · Precon@20|Turn 20@24|Alexandra the Magnificen…@28|'
        ' to play  ·  Summon phase@28|TO PLAY@24|Alexandra the Magnificent…@24|1@28|BASTION@24|0@28|'
        'mana@24|2@28|cards@24|Bob@28|5@28|BASTION@24|0@28|mana@24|14@28|cards@24|empty@20|1@24|'
        'Ancient@24|Thund…@24|6@28|8@28|-1@24|+6@24|2@24|Goblin@24|1@28|1@28|3@24|Spear-@24|man@24|2@28|'
        '3@28|PRC@24|4@24|Lancer@24|3@28|2@28|-1@24|DSH@24|5@24|Alchem-@24|ist@24|1@28|2@28|CAT@24|6@24|'
        'Sellsw-@24|ord@24|3@28|3@28|+2@24|7@24|Thorn@24|Knight@24|4@28|3@28|-1@24|THR@24|8@24|Sea@24|'
        'Witch@24|1@28|3@28|+2@24|9@24|Moss@24|Troll@24|4@28|7@28|REG@24|1@24|Ancient@24|Thund…@24|6@28|'
        '9@28|+6@24|2@24|Goblin@24|1@28|1@28|3@24|Spear-@24|man@24|2@28|3@28|PRC@24|4@24|Lancer@24|3@28|'
        '3@28|DSH@24|5@24|Alchem-@24|ist@24|1@28|2@28|CAT@24|6@24|Sellsw-@24|ord@24|3@28|3@28|+2@24|7@24|'
        'NEW@24|Thorn@24|Knight@24|4@28|4@28|THR@24|1@24|Ancient@24|Thunderc…@24|9@28|9@28|⚡+3@24|SWP@24|'
        'PRC@24|+5@24'
    )),
    'board_draft': ((1200, 540), (
        'Duel · Draft@20|Draft@28|Alice@28|5@28|of 8 picked@24|Bob@28|4@28|of 8 picked@24|pile 20@20|'
        'Draft round 2@24|Bob@28| picks a card (2 left this round)@28|6@24|Storm@24|Queen@24|5@28|6@28|'
        'FLY@24|BLD@24|0@24|Goblin@24|1@28|1@28|7@24|Ancient@24|Thundercl…@24|6@28|9@28|SWP@24|+5@24|'
        'Alice@24|picked 5@24|Ember Drake@24|Stone Golem@24|Fireball@24|Lancer@24|Sea Witch@24|Bob@24|'
        'picked 4@24|Moss Troll@24|Tide Serpent@24|Spearman@24|Alchemist@24'
    )),
    'board_finished': ((1200, 612), (
        "BOTTOM@24|TOP@24|Turn 14@24|★ Alice wins! ★@32|Bob's fort fell@24|Alice@28|2@28|BASTION@24|0@28|"
        'mana@24|4@28|cards@24|Deck: Ember@20|Bob@28|0@28|FORT (last)@24|0@28|mana@24|3@28|cards@24|'
        'Deck: Tide@20|empty@20|1@24|Ember@24|Drake@24|3@28|5@28|FLY@24|2@24|Storm@24|Queen@24|5@28|6@28|'
        'FLY@24|BLD@24|DSH@24|1@24|Lancer@24|3@28|3@28|DSH@24|1@24|Stone@24|Golem@24|2@28|6@28|PRO@24'
    )),
    'board_midgame': ((1200, 612), (
        'BOTTOM@24|TOP@24|Duel · Constructed@20|Turn 7@24|Bob@28| to play  ·  Attack phase@28|Alice@28|'
        '2@28|BASTION@24|0@28|mana@24|5@28|cards@24|Deck: Ember@20|★ exhausted: Ancient Thun…@24|'
        'TO PLAY@24|Bob@28|3@28|FORT (last)@24|3@28|mana@24|5@28|cards@24|Deck: Tide@20|'
        '★ in play: Storm Queen@24|1@24|Ember@24|Drake@24|3@28|3@28|-2@24|FLY@24|2@24|Shade@24|'
        'Possessor@24|3@28|8@28|on Stone…@24|POS@24|+2@24|3@24|Banner@24|Bearer@24|1@28|3@28|AUR@24|1@24|'
        '★@24|Storm@24|Queen@24|5@28|6@28|FLY@24|BLD@24|DSH@24|2@24|NEW@24|Frenzied@24|Wolf@24|3@28|1@28|'
        '-1@24|FRZ@24|RAG@24|1@24|Tide@24|Serpent@24|2@28|4@28|AQU@24|DSH@24|1@24|Lancer@24|5@28|3@28|'
        '⚡+2@24|DSH@24|2@24|Ghost@24|Warden@24|2@28|5@28|IMM@24|PRO@24|3@24|Moss@24|Troll@24|4@28|4@28|'
        '-3@24|REG@24|RET@24|4@24|NEW@24|Sea@24|Witch@24|1@28|3@28|WEA@24|AQU@24'
    )),
    'board_only_fort': ((1200, 320), (
        'BOTTOM@24|TOP@24|Turn 11@24|★ Alice wins! ★@32|Bob had only the fort card left@24|Alice@28|1@28|'
        'BASTION@24|0@28|mana@24|2@28|cards@24|Bob@28|0@28|BASTION@24|0@28|mana@24|1@28|card@24|empty@20|'
        'empty@20|empty@20|empty@20'
    )),
    'board_opening': ((1200, 356), (
        'BOTTOM@24|TOP@24|Duel · Precon@20|Turn 1@24|Alice@28| to play  ·  Summon phase@28|TO PLAY@24|'
        'Alice@28|8@28|BASTION@24|6@28|mana@24|9@28|cards@24|Deck: Ember@20|Bob@28|8@28|BASTION@24|0@28|'
        'mana@24|9@28|cards@24|Deck: Tide@20|empty@20|empty@20|empty@20|empty@20'
    )),
    'board_solo': ((1200, 612), (
        'BOTTOM@24|TOP@24|Solo · Precon · quick@20|Turn 6@24|Alice@28| to play  ·  Summon phase@28|'
        'TO PLAY@24|Alice@28|3@28|BASTION@24|7@28|mana@24|7@28|cards@24|Deck: Ember@20|AI@28|6@28|'
        'deck  FORT (last)@24|5@28|discard@24|Thorn Knight@24|Fireball@24|+3 more@24|1@24|Ember@24|'
        'Drake@24|3@28|5@28|FLY@24|1@24|Thorn@24|Knight@24|4@28|4@28|THR@24|2@24|Sea Witch@24|1@28|2@28|'
        '-1@24|WEA@24|AQU@24|1@24|NEW@24|Spearman@24|2@28|3@28|PRC@24|2@24|Banner@24|Bearer@24|1@28|3@28|'
        'AUR@24|1@24|Moss Troll@24|4@28|7@28|REG@24|RET@24|+PRO@24'
    )),
    'hand_midgame_seat0': ((1200, 498), (
        "Your hand@28|2@28|BASTION@24|0@28|mana@24|Turn 7 · Opponent's turn@24|2@24|1@24|Spearman@24|"
        '2@28|3@28|PRC@24|1@24|2@24|Healing@24|Rain@24|SPELL@24|BASTION@24|2@36|health@20|0@24|4@24|'
        'Goblin@24|1@28|1@28|2@24|5@24|Alchemist@24|1@28|2@28|CAT@24|can play from these 4@24|'
        '2 cards right of the fort = health@24|CAT@20|Catalyst@20|PRC@20|Pierce@20|FLY@20|Flying@20|'
        'AQU@20|Aquatic@20|AUR@20|Aura@20|FRZ@20|Frenzy@20|PRO@20|Protection@20|RAG@20|Rage@20|REG@20|'
        'Regeneration@20|BLD@20|Blade@20|IMM@20|Immortal@20|RET@20|Retaliate@20|DSH@20|Dash@20|POS@20|'
        'Possess@20|VAN@20|Vanish@20|WEA@20|Weaken@20|+PRC@20|granted (Aura/custom)@20|PRO@20|'
        'Protection used@20|NEW@20|new this turn@20|-2@20|damage taken@20|⚡+2@20|Dash bonus@20|★@20|'
        'champion@20|on@20|Possess host@20'
    )),
    'hand_midgame_seat1': ((1200, 532), (
        'Your hand@28|3@28|FORT (last)@24|3@28|mana@24|Turn 7 · Your turn: Attack phase@24|2@24|1@24|'
        '✓@24|Fireball@24|SPELL@24|SWP@24|FORT@24|3@36|health@20|3@24|3@24|✓@24|Lancer@24|3@28|3@28|'
        'DSH@24|8@24|4@24|Blood@24|Titan@24|7@28|8@28|BLP@24|SWP@24|0@24|5@24|✓@24|Goblin@24|1@28|1@28|'
        'can play from these 4@24|3 cards right of the fort = health@24|SWP@20|Sweep@20|BLP@20|'
        'Blood Price@20|DSH@20|Dash@20|FLY@20|Flying@20|AQU@20|Aquatic@20|AUR@20|Aura@20|FRZ@20|'
        'Frenzy@20|PRO@20|Protection@20|RAG@20|Rage@20|REG@20|Regeneration@20|BLD@20|Blade@20|IMM@20|'
        'Immortal@20|RET@20|Retaliate@20|PRC@20|Pierce@20|POS@20|Possess@20|VAN@20|Vanish@20|WEA@20|'
        'Weaken@20|+PRC@20|granted (Aura/custom)@20|PRO@20|Protection used@20|NEW@20|new this turn@20|'
        '-2@20|damage taken@20|⚡+2@20|Dash bonus@20|★@20|champion@20|on@20|Possess host@20'
    )),
    'hand_opening_seat0': ((1200, 658), (
        'Your hand@28|8@28|BASTION@24|6@28|mana@24|Turn 1 · Your turn: Summon phase@24|BASTION@24|8@36|'
        'health@20|4@24|2@24|✓@24|Ember@24|Drake@24|3@28|5@28|FLY@24|2@24|3@24|✓@24|Fireball@24|SPELL@24|'
        'SWP@24|3@24|4@24|✓@24|Stone@24|Golem@24|2@28|6@28|PRO@24|3@24|5@24|✓@24|Tide@24|Serpent@24|2@28|'
        '4@28|AQU@24|DSH@24|2@24|6@24|Spearman@24|2@28|3@28|PRC@24|2@24|7@24|Banner@24|Bearer@24|1@28|'
        '3@28|AUR@24|1@24|8@24|Healing@24|Rain@24|SPELL@24|0@24|9@24|Goblin@24|1@28|1@28|'
        'can play from these 4@24|8 cards right of the fort = health@24|FLY@20|Flying@20|AQU@20|'
        'Aquatic@20|AUR@20|Aura@20|PRO@20|Protection@20|SWP@20|Sweep@20|PRC@20|Pierce@20|DSH@20|Dash@20'
    )),
}

DRAWN_ZH = {
    'board_finished': ((1200, 612), (
        '下路@24|上路@24|第 14 回合@24|★ 小明 获胜!★@32|Bob的要塞陷落@24|小明@28|2@28|堡垒@24|0@28|法力@24|4@28|张牌@24|'
        '牌组:余烬军团@20|Bob@28|0@28|要塞(最后)@24|0@28|法力@24|3@28|张牌@24|牌组:潮汐王庭@20|空@20|1@24|余烬幼龙@24|3@28|5@28|'
        '飞@24|2@24|风暴女王@24|5@28|6@28|飞@24|利@24|闪@24|1@24|枪骑兵@24|3@28|3@28|闪@24|1@24|石像魔@24|2@28|6@28|'
        '护@24'
    )),
    'board_midgame': ((1200, 612), (
        '下路@24|上路@24|对决 · 构筑@20|第 7 回合@24|Bob@28| 出牌  ·  攻击阶段@28|Alice@28|2@28|堡垒@24|0@28|法力@24|5@28|'
        '张牌@24|牌组:余烬军团@20|★ 已用尽:北方荒原的远古雷爪巨兽@24|出牌中@24|Bob@28|3@28|要塞(最后)@24|3@28|法力@24|5@28|张牌@24|'
        '牌组:潮汐王庭@20|★ 在场:风暴女王@24|1@24|余烬幼龙@24|3@28|3@28|-2@24|飞@24|2@24|附身暗影@24|3@28|8@28|附于石像魔@24|附@24|'
        '消@24|护@24|3@24|旗手@24|1@28|3@28|光@24|1@24|★@24|风暴女王@24|5@28|6@28|飞@24|利@24|闪@24|2@24|新@24|狂狼@24|'
        '3@28|1@28|-1@24|狂@24|暴@24|1@24|潮汐海蛇@24|2@28|4@28|水@24|闪@24|+穿@24|1@24|枪骑兵@24|5@28|3@28|⚡+2@24|'
        '闪@24|2@24|幽灵守卫@24|2@28|5@28|不@24|护@24|3@24|苔藓巨魔@24|4@28|4@28|-3@24|再@24|反@24|4@24|新@24|海巫@24|'
        '1@28|3@28|虚@24|水@24'
    )),
    'hand_opening_seat0': ((1200, 658), (
        '你的手牌@28|8@28|堡垒@24|6@28|法力@24|第 1 回合 · 你的回合:召唤阶段@24|堡垒@24|8@36|生命@20|4@24|2@24|✓@24|余烬幼龙@24|'
        '3@28|5@28|飞@24|2@24|3@24|✓@24|火球术@24|法术@24|横@24|3@24|4@24|✓@24|石像魔@24|2@28|6@28|护@24|3@24|5@24|'
        '✓@24|潮汐海蛇@24|2@28|4@28|水@24|闪@24|2@24|6@24|长矛手@24|2@28|3@28|穿@24|2@24|7@24|旗手@24|1@28|3@28|光@24|'
        '1@24|8@24|治愈之雨@24|法术@24|0@24|9@24|哥布林@24|1@28|1@28|可从这 4 张中出牌@24|要塞右侧 8 张牌 = 生命@24|飞@20|飞行@20|'
        '水@20|水生@20|光@20|光环@20|护@20|护卫@20|横@20|横扫@20|穿@20|穿刺@20|闪@20|闪现@20'
    )),
}
