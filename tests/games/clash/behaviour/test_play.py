"""Clash of Decks played the way people play it: slash commands, buttons, selects, DMs."""
from __future__ import annotations

import json

import pytest

from engine.clash import GAME
from engine.clash.cards import CARDS
from tests.support.bot import make_bot
from tests.behaviour.helpers import finish_setup, last_board, moved, private_replies, prompted_actor

MAX_STEPS = 600


async def create_duel(world, *, options: dict | None = None, **kwargs):
    result = await world.alice.slash(world.channel, "clash new", **(options or {}), **kwargs)
    assert not result.ephemeral
    lobby = world.channel.last_message
    assert "Clash of Decks" in lobby.embeds[0].title
    joined = await world.bob.click(lobby, label="Join")
    assert world.bob.mention in joined.response.embeds[0].description
    started = await world.alice.click(world.channel.last_message, label="Start")
    assert started.acknowledged
    return await world.match()


async def play_one_step(world, channel=None):
    """The prompted player plays their first legal card via /clash play, or ends the turn."""
    channel = channel or world.channel
    row, seat, actor = await prompted_actor(world, channel)
    legal = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        _verb, card, *rest = plays[0].split(" ", 2)
        result = await actor.slash(channel, "clash play", card=card, where=rest[0] if rest else "")
    else:
        result = await actor.click(last_board(channel), label="End turn")
    assert moved(result), result.response.content if result.response else result
    return result


async def play_to_the_end(world, channel=None):
    match_id = (await world.match(channel)).id
    for _ in range(MAX_STEPS):
        row = await world.service.load(match_id)
        if row.status != "active":
            return row
        await play_one_step(world, channel)
    row = await world.service.load(row.id)
    assert row.status == "finished", "game did not finish"
    return row


async def test_two_members_play_a_whole_duel(world):
    """CD-SET, CD-TURN: create, join, choose decks, play to the end through commands and buttons."""
    row = await create_duel(world)
    assert row.status == "active"
    await finish_setup(world)
    match_id = row.id
    for _ in range(MAX_STEPS):
        row = await world.service.load(match_id)
        if row.status != "active":
            break
        await play_one_step(world)
    assert row.status == "finished"
    assert "Game over" in world.channel.last_message.content
    assert row.result["winners"] in ([0], [1])
    log = await world.service.log(match_id)
    assert len(log) >= 3 and all(entry.kind == "action" for entry in log)


async def test_autocomplete_offers_only_playable_cards(world):
    """CD-PLAY-2: only the four leftmost affordable cards are offered, with cost and lanes."""
    await create_duel(world)
    row = await finish_setup(world)
    row, seat, actor = await prompted_actor(world)
    offered = await actor.autocomplete(world.channel, "clash play", "card", "")
    legal_cards = {GAME.format_action(a).split(" ")[1] for a in GAME.legal_actions(row.state, seat)
                   if GAME.format_action(a).startswith("play ")}
    assert {c["value"] for c in offered} == legal_cards
    assert all("mana" in c["name"] for c in offered)
    first = offered[0]["value"]
    places = await actor.autocomplete(world.channel, "clash play", "where", "", card=first)
    legal_places = {GAME.format_action(a).split(" ", 2)[2] for a in GAME.legal_actions(row.state, seat)
                    if GAME.format_action(a).startswith(f"play {first} ")}
    assert {p["value"] for p in places} == legal_places


async def test_constructed_build_offers_no_champion_and_reads_commas_or_spaces(world):
    """CD-FMT-8, CD-CHA: /clash build suggests only the cards a constructed deck may hold (the
    engine's buildable cards: no champion, even with the Champion module on), leaves out the
    ones already typed, and takes the deck with commas or spaces between the ids."""
    await create_duel(world, format="constructed", champions=True)
    offered = await world.alice.autocomplete(world.channel, "clash build", "cards", "")
    assert offered and not any(CARDS[c["value"]]["champion"] for c in offered)
    deck = [c for c in CARDS if not CARDS[c]["champion"]][:8]
    typed = ", ".join(deck[:2]) + ", "
    more = await world.alice.autocomplete(world.channel, "clash build", "cards", typed)
    assert more and all(c["value"].startswith(",".join(deck[:2]) + ",") for c in more)
    assert not any(c["value"].split(",")[-1] in deck[:2] for c in more)
    built = await world.alice.slash(world.channel, "clash build", cards=" ".join(deck))
    assert moved(built)
    row = await world.match()
    assert row.state["setup"]["built"][0] == deck


async def test_wrong_turn_non_player_and_malformed_input_change_nothing(world):
    await create_duel(world)
    await finish_setup(world)
    row, seat, actor = await prompted_actor(world)
    waiting = world.alice if actor is world.bob else world.bob
    before_messages = len(world.channel.history())
    before = (row.version, json.dumps(row.state, sort_keys=True))

    wrong_turn = await waiting.slash(world.channel, "clash end")
    assert wrong_turn.ephemeral and "not your decision" in wrong_turn.response.content

    outsider = await world.carol.slash(world.channel, "clash end")
    assert outsider.ephemeral and "not seated" in outsider.response.content

    malformed = await actor.slash(world.channel, "clash act", move="fly to the moon")
    assert malformed.ephemeral

    not_playable = [c for c in CARDS if not CARDS[c].get("champion")
                    and f"play {c} top" not in {GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)}]
    illegal = await actor.slash(world.channel, "clash play", card=not_playable[0], where="top")
    assert illegal.ephemeral and "Legal now" in illegal.response.content

    outsider_click = await world.carol.click(last_board(world.channel), label="End turn")
    assert outsider_click.ephemeral

    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before
    assert len(world.channel.history()) == before_messages


async def test_private_hand_goes_by_dm_and_falls_back_when_dms_are_closed(world):
    """CD-HAND-1: the hand's card faces reach only their owner."""
    # Bob's DMs are closed: every message to his DM channel is refused by Discord (50007).
    world.env.inject_error("POST", f"/channels/{world.bob.user.dm_channel.id}/messages", status=403,
                           code=50007, message="Cannot send messages to this user", times=None)
    await create_duel(world)
    row = await finish_setup(world)
    initial = {s: {c["card"] for c in GAME.view(row.state, s)["seats"][s]["hand"] if c.get("card")} for s in range(2)}

    def note_posted():
        return any("DMs are closed" in m.content for m in world.channel.history())
    def alice_hand_dms():
        return [m for m in world.alice.user.dm_channel.history()
                if m.embeds and "Fort card" in (m.embeds[0].description or "")]

    for _ in range(60):  # until Alice got her hand by DM and the bot tried to DM Bob his
        row, seat, actor = await prompted_actor(world)
        if note_posted() and alice_hand_dms() and actor is world.bob:
            break
        await play_one_step(world)
    alice_dms = alice_hand_dms()
    bob_seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == world.bob.id)
    alice_seat = 1 - bob_seat
    alice_dms = [m for m in alice_dms if m.embeds]
    assert alice_dms, "Alice was never sent her private view"
    text = alice_dms[-1].embeds[0].description
    mercenaries = {c for c in CARDS if "MERCENARY" in CARDS[c].get("abilities", [])}
    assert any(CARDS[c]["name"]["en"] in text for c in initial[alice_seat])
    assert not any(CARDS[c]["name"]["en"] in text for c in initial[bob_seat] - mercenaries)
    assert note_posted()
    assert world.bob.user.dm_channel.history() == []
    shown = await world.bob.click(last_board(world.channel), label="My hand")
    assert shown.ephemeral
    bob_hand = [c["card"] for c in GAME.view(row.state, bob_seat)["seats"][bob_seat]["hand"] if c.get("card")]
    assert any(CARDS[c]["name"]["en"] in shown.response.embeds[0].description for c in bob_hand)


async def test_channel_messages_never_show_a_hand_card(world):
    """Information: hand identities are private; nothing posted to the channel names them."""
    await create_duel(world)
    row = await finish_setup(world)
    hidden = set()
    for seat in range(2):
        hidden |= {c["card"] for c in GAME.view(row.state, seat)["seats"][seat]["hand"] if c.get("card")}
    names = {CARDS[c]["name"]["en"] for c in hidden}
    for message in world.channel.history():
        text = message.content + " ".join((e.description or "") + (e.title or "") for e in message.embeds)
        assert not any(name in text for name in names), text


async def test_bot_restarts_mid_game_and_old_buttons_still_work(world, db_url):
    await create_duel(world)
    await finish_setup(world)
    await play_one_step(world)
    before = await world.match()
    board = last_board(world.channel)
    await world.env.restart_bot(make_bot(db_url))
    row, seat, actor = await prompted_actor(world)
    assert row.version == before.version and row.state == before.state
    # the press again comes before Discord shows the old board without its buttons (edits held back)
    world.env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=None)
    result = await actor.click(board, label="End turn")
    assert moved(result)
    after = await world.match()
    assert after.version > before.version
    again = await actor.click(board, label="End turn")  # the same button again: its decision was taken
    world.env.backend.faults.clear()
    assert again.ephemeral and "Already done" in again.response.content
    assert (await world.match()).version == after.version


async def test_timeout_reminds_then_applies_the_safe_default(world):
    """Deadline: reminder first, then the 'auto' policy ends the summon phase (never plays cards)."""
    await create_duel(world, minutes=4)
    await finish_setup(world)
    row, seat, actor = await prompted_actor(world)
    await world.env.advance_time(3 * 60 + 5)
    assert any("your decision is due" in m.content for m in world.channel.history())
    await world.env.advance_time(60)
    after = await world.match()
    assert any("ran out of time" in m.content for m in world.channel.history())
    log = await world.service.log(after.id)
    timeouts = [e for e in log if e.kind == "timeout"]
    assert [e.action for e in timeouts] == ["end"]  # the safe default never plays a card
    assert timeouts[0].seat == seat and after.version == row.version + 1


async def test_forfeit_policy_ends_the_game(world):
    await create_duel(world, minutes=2, timeout="forfeit")
    row = await world.match()
    await world.env.advance_time(2 * 60 + 1)
    row = await world.service.load(row.id)
    assert row.status == "finished" and row.result["reason"] == "timeout"


async def test_solo_game_against_the_rulebook_ai(world):
    """CD-SOLO: one player against the AI, from lobby to the end."""
    await world.alice.slash(world.channel, "clash new", mode="solo")
    await world.alice.click(world.channel.last_message, label="Start")
    await finish_setup(world)
    row = await play_to_the_end(world)
    assert row.status == "finished"
    over = world.channel.last_message.content
    assert "Game over" in over and "winner: -" not in over
    expected = world.alice.mention if row.result["winners"] == [0] else "🤖 AI"
    assert expected in over, over


def select_ids(message) -> list[str]:
    ids = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for child in children:
            custom = child.get("custom_id") if isinstance(child, dict) else getattr(child, "custom_id", None)
            if custom and custom.startswith("s:"):
                ids.append(custom)
    return ids


async def test_draft_picks_arrive_as_private_select_menus(world):
    """CD-FMT-6/7: the picker chooses from a select menu sent to them privately (DM, or an
    ephemeral reply when they are the one who just acted)."""
    await world.alice.slash(world.channel, "clash new", format="draft")
    await world.bob.click(world.channel.last_message, label="Join")
    latest = {world.alice.id: (world.alice, await world.alice.click(world.channel.last_message, label="Start"))}
    picks = 0
    for _ in range(40):
        row, seat, actor = await prompted_actor(world)
        if GAME.view(row.state, None)["stage"] != "draft":
            break
        candidates = [(actor.user, m) for m in actor.user.dm_channel.history()[-1:]]
        if actor.id in latest:  # an ephemeral reply lives where its interaction happened
            where, result = latest[actor.id]
            candidates += [(where, f) for f in private_replies(result)]
        current = [(who, m) for who, m in candidates if any(f":{row.version}:" in c for c in select_ids(m))]
        assert current, "the picker got no private select menu for this pick"
        assert not any(select_ids(m) for m in world.channel.history()[-1:]), "picks must not be public selects"
        legal = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
        who, message = current[-1]
        latest[actor.id] = (who, await who.select(message, [legal[0]]))
        picks += 1
    row = await world.match()
    assert picks == 16  # 4 rounds of A1-B2-A1 (reversed each round): 16 cards, one per pick (CD-FMT-7)
    assert GAME.view(row.state, None)["stage"] in ("play", "champion")
    for seat in range(2):
        assert len(GAME.view(row.state, seat)["seats"][seat]["hand"]) == 9


async def test_lobby_commands_and_permissions(world):
    await world.alice.slash(world.channel, "match create", game="clash", options="format=constructed")
    busy = await world.bob.slash(world.channel, "clash new")
    assert busy.ephemeral and "already has an open match" in busy.response.content
    early = await world.alice.slash(world.channel, "match start")
    assert early.ephemeral and "needs 2" in early.response.content
    await world.bob.slash(world.channel, "match join")
    mine = await world.bob.slash(world.channel, "match mine")
    assert mine.ephemeral and "lobby" in mine.response.content
    denied = await world.bob.slash(world.channel, "match abandon")
    assert denied.ephemeral and "Only the match's creator" in denied.response.content
    done = await world.alice.slash(world.channel, "match abandon")
    assert moved(done) and "cancelled with no result" in done.response.content
    assert "cancelled with no result by" in world.channel.last_message.content
    assert await world.service.find_in_channel(world.channel.id) is None


async def test_match_in_a_new_thread(world):
    result = await world.alice.slash(world.channel, "clash new", where="thread")
    assert "Match created in" in result.response.content
    thread = world.channel.threads[0]
    assert (await world.service.in_channel(thread.id)).game == "clash"


async def test_champion_module_choice_and_summon(world):
    """CD-CHA-4/5: champions are chosen secretly through the Choose menu, then summoned from the
    Play menu like a card."""
    await world.alice.slash(world.channel, "clash new", format="draft", champions=True)
    await world.bob.click(world.channel.last_message, label="Join")
    await world.alice.click(world.channel.last_message, label="Start")
    for _ in range(40):  # the draft, quickly, in notation
        row, seat, actor = await prompted_actor(world)
        if GAME.view(row.state, None)["stage"] != "draft":
            break
        move = GAME.format_action(GAME.legal_actions(row.state, seat)[0])
        assert moved(await actor.slash(world.channel, "clash act", move=move))
    row = await world.match()
    assert GAME.view(row.state, None)["stage"] == "champion"
    for member in (world.alice, world.bob):
        seat = next(i for i, s in enumerate(row.seats) if s["user_id"] == member.id)
        shown = await member.click(last_board(world.channel), label="Choose")
        assert shown.ephemeral
        legal = [GAME.format_action(a) for a in GAME.legal_actions((await world.match()).state, seat)]
        assert all(a.startswith("choose ") for a in legal)
        await member.select(shown.response, [legal[0]])
        public = GAME.view((await world.match()).state, None)
        assert public["stage"] != "champion" or public["seats"][seat]["champion"]["state"] == "hidden"
    row = await world.match()
    assert GAME.view(row.state, None)["stage"] == "play"
    for _ in range(60):  # play until someone can summon their champion, then do it from the menu
        row, seat, actor = await prompted_actor(world)
        legal = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
        summons = [a for a in legal if a.startswith("champion ")]
        if summons:
            menu = await actor.click(last_board(world.channel), label="Play a card")
            card_menu = await actor.select(menu.response, ["champion"])
            if card_menu.ephemeral and card_menu.response is not None and select_ids(card_menu.response):
                await actor.select(card_menu.response, [summons[0]])
            after = GAME.view((await world.match()).state, None)
            assert after["seats"][seat]["champion"]["state"] == "in_play"
            return
        await play_one_step(world)
    raise AssertionError("no champion summon became legal")


def option_values(message) -> list[str]:
    values = []
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for child in children:
            child = child if isinstance(child, dict) else child.to_dict()
            values += [o["value"] for o in child.get("options", [])]
    return values


async def test_menu_command_lists_the_moves_and_a_pick_makes_one(world):
    """/clash menu (the kit's, for the Act menu Clash's UI has): privately what the Choose and
    Play a card buttons show. In set-up it lists the legal moves and a pick makes one; in
    play the playable cards, then where the picked card goes."""
    await create_duel(world)
    row, seat, actor = await prompted_actor(world)
    legal = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)]
    shown = await actor.slash(world.channel, "clash menu")
    assert shown.ephemeral and "Only you can see this" in shown.response.content
    assert sorted(option_values(shown.response)) == sorted(legal)
    assert moved(await actor.select(shown.response, [legal[0]]))
    assert (await world.match()).version == row.version + 1
    row = await finish_setup(world)
    row, seat, actor = await prompted_actor(world)
    plays = [GAME.format_action(a) for a in GAME.legal_actions(row.state, seat)
             if GAME.format_action(a).startswith("play ")]
    idle = await (world.alice if actor is world.bob else world.bob).slash(world.channel, "clash menu")
    assert idle.ephemeral and "Nothing to decide" in idle.response.content
    shown = await actor.slash(world.channel, "clash menu")
    cards = option_values(shown.response)
    assert shown.ephemeral and sorted(cards) == sorted({p.split()[1] for p in plays})
    picked = await actor.select(shown.response, [cards[0]])
    places = option_values(picked.response) if picked.response is not None else []
    if places:  # more than one way to play it: where it goes
        assert sorted(places) == sorted(p for p in plays if p.split()[1] == cards[0])
        picked = await actor.select(picked.response, [places[0]])
    assert moved(picked)
    log = await world.service.log(row.id)
    assert log[-1].action.startswith(f"play {cards[0]} ")


async def test_deadlines_survive_a_restart(world, db_url):
    """A deadline armed before a restart is re-armed from the database and still expires."""
    await create_duel(world, minutes=2, timeout="forfeit")
    row = await world.match()
    await world.env.restart_bot(make_bot(db_url))
    await world.env.advance_time(2 * 60 + 1)
    row = await world.env.bot.host.service.load(row.id)
    assert row.status == "finished" and row.result["reason"] == "timeout"
    assert any("ran out of time" in m.content for m in world.channel.history())
