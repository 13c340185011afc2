"""Cloudspire played the way people play it: /cloudspire commands (every value taken from
the command's autocomplete), the board's Act menu, DMs with buttons and selects.

The moves themselves are the bot's choices (engine/cloudspire/bot.py), so the games are
purposeful; every one of them goes through Discord."""
from __future__ import annotations

import copy
import json

import pytest

from engine.cloudspire import GAME
from engine.cloudspire import combat, phases
from cogs.cloudspire.words import content_name
from tests.games.cloudspire.behaviour.driver import (button_labels, legal, offered, play_move, prompted,
                                               select_options)
from tests.support.bot import make_bot
from tests.behaviour.helpers import last_board, moved, private_replies

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def create(world, members, **options):
    result = await members[0].slash(world.channel, "cloudspire new", pace="live", **options)
    assert moved(result), result.response.content if result.response else result
    for member in members[1:]:
        await member.click(world.channel.last_message, label="Join")
    started = await members[0].click(world.channel.last_message, label="Start")
    assert started.acknowledged
    row = await world.match()
    assert row.status == "active" and row.game == "cloudspire"
    return row


def bot_move(row, seat) -> str:
    return GAME.format_action(GAME.bot_action(row.state, seat))


async def play_until(world, done, *, max_steps: int, choose=bot_move):
    """The prompted player makes the bot's move through Discord until ``done(row)``."""
    match_id = (await world.match()).id
    for step in range(max_steps):
        row = await world.service.load(match_id)
        if row.status != "active" or done(row):
            return row
        row, seat, _actor = await prompted(world)
        result, _ = await play_move(world, choose(row, seat), prefer_menu=step % 4 == 3)
        reply = result.response.content if result.response is not None else ""
        assert not (reply or "").startswith("⚠️"), reply
    raise AssertionError("the game did not get there")


def channel_text(channel) -> str:
    parts = []
    for message in channel.history():
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
            parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def dm_text(member) -> str:
    dm = member.user.dm_channel
    if dm is None:
        return ""
    return "\n".join((m.content or "") + " ".join((e.description or "") for e in m.embeds) for m in dm.history())


async def test_two_players_play_a_full_wave_through_commands(world):
    """CS-WAVE-1, CS-MKT, CS-BLD, CS-PREP, CS-MOV, CS-ATK, CS-END-1: a whole first wave and the
    next wave's income, every move a slash command or a menu pick."""
    await create(world, [world.alice, world.bob])
    board = last_board(world.channel)
    assert board.embeds[0].footer.text.startswith("Wave 1/4")
    assert set(button_labels(board)) == {"Act", "Continue", "My view"}

    row = await play_until(world, lambda r: r.state["phase"] == "prep" and r.state["prep"]["step"] == "stack",
                           max_steps=80)
    # the hidden stack: deploying answers privately and posts nothing in the channel
    row, seat, actor = await prompted(world)
    units = await offered(actor, world.channel, "cloudspire deploy", "unit")
    addable = [m.split()[1] for m in legal(row, seat) if m.startswith("add ")]
    assert units and set(units) == set(addable)
    before = len(world.channel.history())
    deployed = await actor.slash(world.channel, "cloudspire deploy", unit=units[0])
    assert deployed.ephemeral
    assert "Your stack so far" in deployed.response.embeds[0].description
    assert content_name(units[0], "en") in deployed.response.embeds[0].description
    assert len(world.channel.history()) == before

    row = await play_until(world, lambda r: r.state["wave"] == 2, max_steps=400)
    text = channel_text(world.channel)
    assert "The Onslaught of wave 1 begins." in text
    assert "Wave 1 ends." in text and "Wave 2 begins." in text
    assert "alice gains" in text and "bob gains" in text            # CS-WAVE-2 income
    log = await world.service.log(row.id)
    assert log and all(entry.kind == "action" and entry.user_id in (world.alice.id, world.bob.id) for entry in log)
    for member in (world.alice, world.bob):                         # private views went by DM
        titles = [e.title for m in member.user.dm_channel.history() for e in m.embeds]
        assert any("your private view" in (title or "") for title in titles)


async def test_a_landmark_peek_reaches_only_the_explorer(world):
    """CS-EXP-1..3, CS-AMB-35: the face goes to the explorer's DM; the table only learns that a
    landmark was explored (and, if kept hidden, that it went back face down)."""
    await create(world, [world.alice, world.bob])
    row = await play_until(world, lambda r: any(m.startswith("explore ") for p in GAME.prompts(r.state)
                                                for m in legal(r, p.seat)), max_steps=200)
    row, seat, explorer = await prompted(world)
    other = world.bob if explorer is world.alice else world.alice
    at = next(m.split()[1] for m in legal(row, seat) if m.startswith("explore "))
    assert at in await offered(explorer, world.channel, "cloudspire explore", "at")
    landmark = next(lm for lm in row.state["landmarks"].values() if lm["pos"] == at)
    name = content_name(landmark["type"], "en")

    explored = await explorer.slash(world.channel, "cloudspire explore", at=at)
    assert moved(explored)
    dm = explorer.user.dm_channel.history()[-1]
    assert name in dm.embeds[0].description and "only you know" in dm.embeds[0].description
    assert set(button_labels(dm)) == {"Reveal", "Keep face down"}
    assert f"explores the landmark at {at}" in channel_text(world.channel)
    assert name not in channel_text(world.channel)
    assert name not in dm_text(other)

    kept = await explorer.user.click(dm, label="Keep face down")
    assert kept.ephemeral                                     # the DM gets a note, the channel the board
    assert f"puts the landmark at {at} back face down" in channel_text(world.channel)
    assert name not in channel_text(world.channel)
    mine = await explorer.slash(world.channel, "cloudspire view")
    assert mine.ephemeral and f"{at} {name}" in mine.response.embeds[0].description
    assert name not in channel_text(world.channel)


async def test_absent_players_spires_fire_by_their_standing_policy(world, monkeypatch):
    """CS-FIRE-1..5, Information and decisions: spires fire in the active player's turn by
    their owner's standing policy, set through /cloudspire policy, without asking the owner."""
    fired = []
    choose = combat.choose_spire_target

    def spy(st, spire, targets):
        chosen = choose(st, spire, targets)
        as_default = copy.deepcopy(st)
        as_default["players"][spire["owner"]]["policy"]["spire"] = "lowest_health"
        fired.append({"owner": spire["owner"], "active": st["turn"]["seat"], "chosen": chosen,
                      "default": choose(as_default, spire, targets),
                      "policy": st["players"][spire["owner"]]["policy"]["spire"],
                      "heroes": [u for u in targets if st["units"][u]["kind"] == "hero"]})
        return chosen

    monkeypatch.setattr(phases, "choose_spire_target", spy)  # where the fire step looks it up
    await create(world, [world.alice, world.bob])
    before = len(world.channel.history())
    for member in (world.alice, world.bob):
        set_policy = await member.slash(world.channel, "cloudspire policy", spire="heroes_first")
        assert set_policy.ephemeral and "heroes first" in set_policy.response.content
    assert len(world.channel.history()) == before             # policies are private

    await play_until(world, lambda r: len(fired) >= 3, max_steps=500)
    assert fired
    for shot in fired:
        assert shot["owner"] != shot["active"] and shot["policy"] == "heroes_first"
        if shot["heroes"]:
            assert shot["chosen"] in shot["heroes"]
    # the policy decided at least one shot: the default (lowest health) would have hit a minion
    assert any(shot["chosen"] != shot["default"] for shot in fired)
    assert "fires" in channel_text(world.channel)


async def test_manual_spire_policy_prompts_the_owner_with_a_deadline(world):
    """Information and decisions: in manual mode the owner chooses the target by DM; when the
    owner stays away, the deadline applies the safe default and the game goes on."""
    await create(world, [world.alice, world.bob])
    for member in (world.alice, world.bob):
        await member.slash(world.channel, "cloudspire policy", spire="manual")

    def asks_for_a_target(row):
        return any(p.key == "cloudspire.prompt.fire" for p in GAME.prompts(row.state))

    row = await play_until(world, asks_for_a_target, max_steps=500)
    row, owner_seat, owner = await prompted(world)
    assert owner_seat != row.state["turn"]["seat"]
    dm = owner.user.dm_channel.history()[-1]
    assert "Choose your spire's target" in dm.embeds[0].description
    assert select_options(dm), "the owner gets a menu of targets"
    assert owner.mention in world.channel.last_message.content

    await world.env.advance_time(11 * 60)
    assert "ran out of time" in channel_text(world.channel)
    after = await world.match()
    assert after.version > row.version
    log = await world.service.log(row.id)
    timed_out = [entry for entry in log if entry.kind == "timeout"]
    assert timed_out and all(entry.seat == owner_seat and entry.action.startswith("fire ") for entry in timed_out)


async def test_four_players_breach_a_gate_and_it_is_repaired(world):
    """CS-MP-1..9, CS-INC-2: a four-player game through Discord until a gate breaks, then the
    next wave's income repairs it to 3."""
    dave = world.guild.add_member(world.env.create_user("dave"))
    world.users[dave.id] = dave
    members = [world.alice, world.bob, world.carol, dave]
    await create(world, members)
    assert (await world.match()).state["seats"] == 4

    def breached(row):
        return any(p["broken"] for p in row.state["players"])

    row = await play_until(world, breached, max_steps=700)
    assert "gate!" in channel_text(world.channel) and " breaks " in channel_text(world.channel)
    broken = [p["seat"] for p in row.state["players"] if p["broken"]]

    def repaired(row):
        return row.state["phase"] not in ("onslaught",) and any(
            not row.state["players"][s]["broken"] for s in broken)

    row = await play_until(world, repaired, max_steps=700)
    if row.status == "active":
        assert "gate is repaired to" in channel_text(world.channel)
        assert any(row.state["players"][s]["gate"] <= 3 for s in broken)
    else:
        pytest.fail(f"the game ended before a repair: {row.result}")


async def test_wrong_turn_outsider_and_illegal_moves_are_answered_privately(world):
    """Bad input gets an ephemeral answer naming what is legal, and changes nothing."""
    await create(world, [world.alice, world.bob])
    row, seat, actor = await prompted(world)
    waiting = world.alice if actor is world.bob else world.bob
    before = (row.version, json.dumps(row.state, sort_keys=True))
    messages = len(world.channel.history())

    wrong_turn = await waiting.slash(world.channel, "cloudspire pass")
    assert wrong_turn.ephemeral and "not your decision" in wrong_turn.response.content
    outsider = await world.carol.slash(world.channel, "cloudspire pass")
    assert outsider.ephemeral and "not seated" in outsider.response.content
    outsider_click = await world.carol.click(last_board(world.channel), label="Act")
    assert outsider_click.ephemeral
    illegal = await actor.slash(world.channel, "cloudspire build", spire="catapult", at="0,0", order="af")
    assert illegal.ephemeral and "Legal now" in illegal.response.content
    assert "`pass`" in illegal.response.content
    malformed = await actor.slash(world.channel, "cloudspire act", move="fly to the moon")
    assert malformed.ephemeral
    no_continue = await waiting.click(last_board(world.channel), label="Continue")
    assert no_continue.ephemeral

    after = await world.match()
    assert (after.version, json.dumps(after.state, sort_keys=True)) == before
    assert len(world.channel.history()) == messages


async def test_the_bot_restarts_mid_wave_and_play_goes_on(world, db_url):
    """A restarted bot resumes the match; the old board's buttons still open the menu."""
    await create(world, [world.alice, world.bob])
    await play_until(world, lambda r: r.state["phase"] == "onslaught", max_steps=120)
    before = await world.match()
    board = last_board(world.channel)
    await world.env.restart_bot(make_bot(db_url))
    row, seat, actor = await prompted(world)
    assert row.version == before.version and row.state == before.state
    menu = await actor.click(board, label="Act")
    assert menu.ephemeral and select_options(menu.response)
    await play_until(world, lambda r: r.version >= before.version + 5, max_steps=20)


async def test_guided_set_up_and_faction_pick_through_the_menu(world):
    """CS-SET-2, CS-SET-10/11: factions picked in turn and the guided map set-up (isles,
    rotations, fortress attachments), every choice made from the Act menu."""
    await create(world, [world.alice, world.bob], map="guided", factions="pick")
    row = await world.match()
    assert row.state["phase"] == "faction"
    row = await play_until(world, lambda r: r.state["phase"] not in ("faction", "setup"), max_steps=40)
    assert row.state["phase"] == "market"
    assert all(row.state["factions"]) and len(set(row.state["factions"])) == 2
    text = channel_text(world.channel)
    assert "faction." in text and "places their fortress" in text and " in slot " in text
    log = await world.service.log(row.id)
    verbs = {entry.action.split()[0] for entry in log}
    assert {"pick", "isle", "fort"} <= verbs


async def test_peek_with_closed_dms_stays_private(world):
    """With the explorer's DMs closed, the face comes in a reply only they see; the channel
    gets a note that DMs are closed, never the landmark."""
    await create(world, [world.alice, world.bob])
    row = await play_until(world, lambda r: any(m.startswith("explore ") for p in GAME.prompts(r.state)
                                                for m in legal(r, p.seat)), max_steps=200)
    row, seat, explorer = await prompted(world)
    at = next(m.split()[1] for m in legal(row, seat) if m.startswith("explore "))
    name = content_name(next(lm for lm in row.state["landmarks"].values() if lm["pos"] == at)["type"], "en")
    dm_id = explorer.user.dm_channel.id if explorer.user.dm_channel else None
    if dm_id is None:
        await explorer.slash(world.channel, "cloudspire view")  # nothing opened a DM yet: open one
    world.env.inject_error("POST", f"/channels/{explorer.user.dm_channel.id}/messages", status=403, code=50007,
                           times=None)
    explored = await explorer.slash(world.channel, "cloudspire explore", at=at)
    private = [m for m in private_replies(explored) if m.embeds]
    assert any(name in (m.embeds[0].description or "") for m in private), "the explorer sees the face"
    assert "DMs are closed" in channel_text(world.channel)
    assert name not in channel_text(world.channel)


async def test_a_bot_takes_a_seat_and_plays_its_own_turns(world):
    """A bot seat (Add bot) answers every one of its decisions in the same step, so the person
    is only ever asked for their own; the log marks the bot's moves."""
    result = await world.alice.slash(world.channel, "cloudspire new", pace="live")
    assert moved(result)
    await world.alice.click(world.channel.last_message, label="Add bot")
    await world.alice.click(world.channel.last_message, label="Start")
    row = await play_until(world, lambda r: r.state["wave"] == 2 or r.status != "active", max_steps=300)
    log = await world.service.log(row.id)
    assert {entry.kind for entry in log} == {"action", "bot"}
    assert all(entry.seat == 1 for entry in log if entry.kind == "bot")
    assert all(entry.user_id == world.alice.id for entry in log if entry.kind == "action")
