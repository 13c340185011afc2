"""Cloudspire's designed modes played through Discord (issue 24; CS-SOLO-1/2, CS-DM): a solo
encounter to its end, a co-op wave of two people and the Cloud, an endless run through three
waves with a restart in the middle and its record, the campaign advancing (a locked
encounter refused), and the Cloud's hidden stacks never shown to the people.

The people's moves are the strong bot's choices, made with the slash commands a player would
type (values from the commands' own autocomplete) or the board's Act menu; the Cloud's
seats are played by the host as bot seats."""
from __future__ import annotations

import logging
import re

import pytest

from engine.cloudspire import GAME
from engine.cloudspire.modes import ENCOUNTERS, encounter_ids
from tests.behaviour.helpers import button_ids, last_board, moved
from tests.games.cloudspire.behaviour.driver import legal, offered, play_move, prompted
from tests.support.bot import make_bot
from tests.support.logs import strings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DRIVERS = ("aiosqlite", "asyncpg", "sqlalchemy")
SOLO = encounter_ids("solo")
COOP = encounter_ids("coop")


def embed_text(message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


def channel_text(channel) -> str:
    return "\n".join(embed_text(m) for m in channel.history())


def bot_move(row, seat) -> str:
    return GAME.format_action(GAME.bot_action(row.state, seat))


async def play_until(world, done, *, max_steps: int, channel=None):
    """The prompted person makes the strong bot's move through Discord until ``done(row)``
    or the end; the Cloud's seats answer by themselves."""
    match_id = (await world.match(channel)).id
    for step in range(max_steps):
        row = await world.service.load(match_id)
        if row.status != "active" or done(row):
            return row
        row, seat, _actor = await prompted(world, channel)
        assert not row.seats[seat].get("bot"), "the host plays the Cloud's seats itself"
        result, _ = await play_move(world, bot_move(row, seat), prefer_menu=step % 5 == 4, channel=channel)
        reply = result.response.content if result.response is not None else ""
        assert not (reply or "").startswith("⚠️"), reply
    raise AssertionError("the game did not get there")


async def new_lobby(world, member, **options):
    made = await member.slash(world.channel, "cloudspire new", pace="live", **options)
    assert moved(made), made.response.content if made.response else made
    return world.channel.last_message


async def start(world, member, lobby=None):
    started = await member.click(lobby or world.channel.last_message, label="Start")
    assert started.acknowledged
    row = await world.match()
    assert row.status == "active"
    return row


@pytest.mark.slow
async def test_a_solo_encounter_to_its_end_and_the_campaign_opens_the_next(world):
    """CS-SOLO-1, CS-DM-1, CS-DM-5, CS-DM-14: /cloudspire new mode:solo plays the channel's first encounter; the lobby
    explains it, refuses a bot and seats the Cloud at the start; the person plays it to its end
    through commands and the Act menu; the victory opens the next encounter
    (/cloudspire campaign), a locked one is refused, the next lobby plays the next one, and
    /match history names the mode, encounter, difficulty and result."""
    alice = world.alice
    first = ENCOUNTERS[SOLO[0]]
    lobby = await new_lobby(world, alice, mode="solo")
    text = embed_text(lobby)
    assert f"1. {first['name']['en']}" in text and first["story"]["en"] in text
    assert "You alone, against the Cloud: 1 faction played by the bot (Grovetenders)" in text
    assert f"Survive {first['waves']} waves" in text and "Difficulty" in text
    assert "Add bot" not in button_ids(lobby) and "the game plays its own side (1 seat)" in embed_text(lobby)
    refused = await alice.slash(world.channel, "match addbot")
    assert refused.ephemeral and "Bots cannot be seated here" in refused.response.content
    row = await start(world, alice)
    assert row.options["encounter"] == SOLO[0] and row.options["difficulty"] == "normal"
    assert [s.get("bot", False) for s in row.seats] == [False, True]
    assert row.seats[1]["name"] == "Cloud · Grovetenders" and row.seats[1]["cloud"]
    board = last_board(world.channel)
    assert "Waves held: 0 of 3" in embed_text(board) and f"🎯 1. {first['name']['en']}" in embed_text(board)

    row = await play_until(world, lambda r: False, max_steps=400)
    assert row.status == "finished" and row.result["winners"] == [0], row.result
    log = await world.service.log(row.id)
    assert {e.kind for e in log if e.seat == 0} == {"action"} and {e.kind for e in log if e.seat == 1} == {"bot"}
    assert "achieved ✅" in channel_text(world.channel)

    history = await alice.slash(world.channel, "match history")
    assert "solo against the Cloud · 1. First Light over the Shoals · normal · the people won" \
        in history.response.content

    shown = await alice.slash(world.channel, "cloudspire campaign")
    campaign = embed_text(world.channel.last_message)
    assert shown.acknowledged and "✅ 1. First Light over the Shoals — won 1 time · best: normal" in campaign
    second = ENCOUNTERS[SOLO[1]]
    assert f"🔓 2. {second['name']['en']}" in campaign and second["story"]["en"] in campaign
    assert f"🔒 3. {ENCOUNTERS[SOLO[2]]['name']['en']} — win 2. {second['name']['en']} to open it" in campaign

    offers = await alice.autocomplete(world.channel, "cloudspire new", "encounter", "", mode="solo")
    names = [c["name"] for c in offers]
    assert names[0].startswith("✅ 1.") and names[1].startswith("🔓 2.") and names[2].startswith("🔒 3.")
    assert [c["value"] for c in offers] == list(SOLO)

    locked = await alice.slash(world.channel, "cloudspire new", mode="solo", encounter=SOLO[2])
    assert locked.ephemeral and "is not open in this channel yet: win 2. The Drifting Well first" \
        in locked.response.content
    assert (await world.service.find_in_channel(world.channel.id)) is None
    lobby = await new_lobby(world, alice, mode="solo")
    assert f"2. {second['name']['en']}" in embed_text(lobby)
    assert (await world.match()).options["encounter"] == SOLO[1]


@pytest.mark.slow
async def test_two_people_and_the_cloud_play_a_coop_wave(world):
    """CS-SOLO-1, CS-DM-1, CS-DM-3, CS-DM-4: a co-op lobby takes 2-3 people and no bot; at the start the Cloud's
    faction takes the last seat, the two people are one team, and one whole wave is played:
    the people by commands, the Cloud by the host."""
    alice, bob = world.alice, world.bob
    lobby = await new_lobby(world, alice, mode="coop")
    assert "2 to 3 people as one team" in embed_text(lobby)
    joined = await bob.click(lobby, label="Join")
    assert joined.acknowledged
    refused = await alice.slash(world.channel, "match addbot")
    assert refused.ephemeral and "Bots cannot be seated here" in refused.response.content
    row = await start(world, alice)
    cloud = ENCOUNTERS[COOP[0]]["cloud"]
    assert len(row.seats) == 2 + len(cloud) and [s["user_id"] for s in row.seats[:2]] == [alice.id, bob.id]
    assert GAME.team_seats(row.options, len(row.seats)) == [[0, 1], list(range(2, len(row.seats)))]
    assert row.state["designed"]["people"] == [0, 1]
    row = await play_until(world, lambda r: r.state["wave"] >= 2, max_steps=500)
    assert row.status == "active" and row.state["wave"] == 2
    log = await world.service.log(row.id)
    people = {e.user_id for e in log if e.kind == "action"}
    assert people == {alice.id, bob.id}
    assert {e.seat for e in log if e.kind == "bot"} == set(range(2, len(row.seats)))
    text = channel_text(world.channel)
    assert "Wave 1 ends." in text and "Cloud · Narora" in text
    assert "Waves held: 1 of 3" in embed_text(last_board(world.channel))


@pytest.mark.slow
async def test_an_endless_run_through_three_waves_and_a_restart_keeps_its_record(world, db_url):
    """CS-SOLO-2, CS-DM-11, CS-DM-13, CS-DM-16: one person against the other three factions; three waves played
    through Discord with the bot restarted in the middle (the match and its Cloud go on);
    the person then resigns, and the run (three waves survived) is the server's record in
    /cloudspire records, by faction and difficulty."""
    alice = world.alice
    lobby = await new_lobby(world, alice, mode="endless", difficulty="easy")
    text = embed_text(lobby)
    assert "Endless Skies" in text and "the other three factions" in text and "easy" in text
    row = await start(world, alice)
    assert len(row.seats) == 4 and all(s.get("cloud") for s in row.seats[1:])
    assert "Wave 1 · endless" in embed_text(last_board(world.channel))
    before = await play_until(world, lambda r: r.state["wave"] >= 2, max_steps=300)
    await world.env.restart_bot(make_bot(db_url))
    row = await world.match()
    assert row.version == before.version and row.state == before.state
    row = await play_until(world, lambda r: r.state["designed"]["waves_survived"] >= 3, max_steps=900)
    assert row.status == "active" and row.state["designed"]["waves_survived"] == 3
    resigned = await alice.slash(world.channel, "match resign")
    assert resigned.acknowledged
    row = await world.service.load(row.id)
    assert row.status == "finished" and row.result["figures"]["waves_survived"] == 3
    faction = row.state["factions"][0]

    await alice.slash(world.channel, "cloudspire records")
    records = embed_text(world.channel.last_message)
    assert "Endless records of this server" in records and "— 3 waves · power " in records
    assert f"<@{alice.id}>" in records and "easy" in records
    await alice.slash(world.channel, "cloudspire records", faction=faction, difficulty="easy")
    assert "#1 " in embed_text(world.channel.last_message)
    await alice.slash(world.channel, "cloudspire records", difficulty="hard")
    assert "No endless run has been finished here yet" in embed_text(world.channel.last_message)
    offers = await alice.autocomplete(world.channel, "cloudspire records", "faction", "")
    assert {c["value"] for c in offers} == {"brawnen", "grovetenders", "heirs", "narora"}
    history = await alice.slash(world.channel, "match history")
    assert "endless · easy · 3 waves survived" in history.response.content


def cloud_secrets(row) -> set[str]:
    """What the Cloud's seats know that the people's views do not show (their stacks being
    built, landmarks they explored): names of five letters and more, as slugs."""
    public = {slug(v) for v in strings(GAME.view(row.state, None))}
    for seat in row.state["designed"]["people"]:
        public |= {slug(v) for v in strings(GAME.view(row.state, seat))}
    out = set()
    for seat in row.state["designed"]["cloud"]:
        for value in strings(GAME.view(row.state, seat)):
            s = slug(value)
            if len(s) >= 5 and re.search("[a-z]", s) and not any(s in p for p in public):
                out.add(s)
    return out


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def names_of_secrets(secrets: set[str]) -> set[str]:
    """The display names of the secret ids (a channel message names units, not ids)."""
    from cogs.cloudspire.words import content_name
    return {slug(content_name(s, "en")) for s in secrets} | secrets


@pytest.mark.slow
async def test_the_clouds_hidden_stacks_never_reach_the_people(world, caplog):
    """CS-PREP-11, CS-DM-10, CS-DM-14: while the Cloud's stacks are hidden, nothing the people can see
    names them: channel messages, the board picture's words, the person's DMs, autocomplete,
    /match log, and the bot's own log lines."""
    from render import cloudspire as cloudspire_render
    from tests.render.text_recorder import recording

    caplog.set_level(logging.DEBUG)
    alice = world.alice
    await new_lobby(world, alice, mode="solo", encounter=SOLO[0])
    await start(world, alice)

    def cloud_stacking(row) -> bool:
        return row.state["phase"] in ("prep", "onslaught") and bool(cloud_secrets(row))

    row = await play_until(world, cloud_stacking, max_steps=200)
    assert row.status == "active"
    secrets = names_of_secrets(cloud_secrets(row))
    assert secrets, "the Cloud has something hidden"

    def leaked(text: str) -> set[str]:
        flat = slug(text)
        return {s for s in secrets if s in flat}

    assert not leaked(channel_text(world.channel))
    dm = alice.user.dm_channel
    assert not leaked("\n".join(embed_text(m) for m in (dm.history() if dm else [])))
    with recording() as drawn:
        cloudspire_render.board_png(GAME.view(row.state, None), [s["name"] for s in row.seats], "en")
    assert not leaked(" ".join(d.text for d in drawn))
    _row, seat, _actor = await prompted(world)
    offers = await alice.autocomplete(world.channel, "cloudspire act", "move", "")
    assert not leaked(" ".join(f"{c['name']} {c['value']}" for c in offers))
    for verb in {m.split()[0] for m in legal(row, seat)} & {"add", "join"}:
        command = {"add": ("cloudspire deploy", "unit")}.get(verb)
        if command:
            assert not leaked(" ".join(await offered(alice, world.channel, *command)))
    shown = await alice.slash(world.channel, "match log")
    assert not leaked(embed_text(shown.response))
    full = {e.seq: e.action for e in await world.service.log(row.id)}
    cloud_adds = [e for e in await world.service.log_for(row, alice.id) if e.seat in row.state["designed"]["cloud"]
                  and e.kind == "bot" and GAME.log_hidden(full[e.seq])]
    assert cloud_adds and all(e.action == "?" for e in cloud_adds)
    # the bot's own log lines at every level (the database drivers' DEBUG traces of every SQL
    # statement and its parameters, states included, are no log a deployment keeps: INFO)
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO or not r.name.startswith(DRIVERS)]
    assert lines and not leaked("\n".join(lines))


async def test_match_create_offers_the_modes_and_refuses_a_locked_encounter(world):
    """/match create game:cloudspire takes the designed modes as options (suggested by its
    options autocomplete); naming an encounter the channel has not opened is refused in words,
    and an endless lobby is explained like /cloudspire new's."""
    alice = world.alice
    offers = await alice.autocomplete(world.channel, "match create", "options", "mode=", game="cloudspire")
    values = {c["value"] for c in offers}
    assert {"mode=solo", "mode=coop", "mode=endless"} <= values
    locked = await alice.slash(world.channel, "match create", game="cloudspire",
                               options=f"mode=solo encounter={SOLO[2]}")
    assert locked.ephemeral and "Encounter 3 of this campaign is not open in this channel yet: win encounter 2 " \
        "first" in locked.response.content
    made = await alice.slash(world.channel, "match create", game="cloudspire", options="mode=endless difficulty=hard")
    assert moved(made)
    text = embed_text(world.channel.last_message)
    assert "Hold out as long as you can" in text and "hard" in text and "1 person · Join, then Start: the game plays its own side (3 seats)" in text
