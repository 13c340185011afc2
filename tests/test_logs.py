"""Structured logs (gamehost/logs.py): the text and JSON lines carry the process and the shard,
guild and match of the work that wrote them; a whole Clash duel played with the root logger
at DEBUG into a JSON stream gives parseable lines tagged with those ids and names no card a
seat held hidden."""
from __future__ import annotations

import io
import json
import logging

import pytest

from engine.clash import GAME
from gamehost import logs
from tests.behaviour.helpers import finish_setup
from tests.games.clash.behaviour.test_play import create_duel, play_one_step
from tests.support.logs import strings

MAX_STEPS = 600


@pytest.fixture
def captured():
    """The root logger through gamehost.logs, as bot.py main() sets it up, into a buffer."""
    root = logging.getLogger()
    saved = (list(root.handlers), root.level,
             {name: logging.getLogger(name).level for name in logs.PAYLOAD_LOGGERS})

    def configure(log_format: str, level: str = "DEBUG") -> io.StringIO:
        stream = io.StringIO()
        logs.configure(level, log_format, "bot-a", stream)
        return stream

    yield configure
    handlers, level, payload_levels = saved
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)
    for name, payload_level in payload_levels.items():
        logging.getLogger(name).setLevel(payload_level)


def test_text_lines_add_the_known_ids(captured):
    stream = captured("text", "INFO")
    log = logging.getLogger("cogs.host")
    log.info("no ids yet")
    with logs.bound(shard=1, guild=42):
        log.info("in a guild")
        logs.set_match(7)
        log.info("on a match")
    log.info("after")
    lines = stream.getvalue().splitlines()
    assert lines[0].endswith(" INFO cogs.host: no ids yet")
    assert lines[1].endswith(" INFO cogs.host: in a guild [shard=1 guild=42]")
    assert lines[2].endswith(" INFO cogs.host: on a match [shard=1 guild=42 match=7]")
    assert lines[3].endswith(" INFO cogs.host: after")  # the block's ids are gone


def test_json_lines_are_objects_with_every_field(captured):
    stream = captured("json", "INFO")
    with logs.bound(shard=0, guild=5, match=9):
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("gamehost.service").exception("failed %s", "here")
    entry = json.loads(stream.getvalue())
    assert {k: entry[k] for k in ("level", "logger", "message", "process", "shard", "guild", "match")} == {
        "level": "ERROR", "logger": "gamehost.service", "message": "failed here", "process": "bot-a",
        "shard": 0, "guild": 5, "match": 9}
    assert entry["time"].endswith("+00:00") and "ValueError: boom" in entry["exc"]


def test_payload_loggers_stay_quiet_at_debug(captured):
    captured("json", "DEBUG")
    assert logging.getLogger().level == logging.DEBUG
    assert all(logging.getLogger(name).level == floor for name, floor in logs.PAYLOAD_LOGGERS.items())


def test_a_wrong_format_is_refused():
    with pytest.raises(ValueError, match="LOG_FORMAT must be text or json"):
        logs.handler("xml")


async def test_a_played_duel_logs_ids_and_no_hidden_card(world, captured):
    stream = captured("json", "DEBUG")
    row = await create_duel(world)
    await finish_setup(world)
    hidden: set[str] = set()
    for _ in range(MAX_STEPS):
        row = await world.service.load(row.id)
        if row.status != "active":
            break
        public = strings(GAME.view(row.state, None))
        hidden |= {s for seat in (0, 1) for s in strings(GAME.view(row.state, seat)) - public if len(s) >= 3}
        await play_one_step(world)
    assert row.status == "finished" and hidden
    entries = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert entries, "nothing was logged at DEBUG"
    tagged = [e for e in entries if e["guild"] == world.guild.id and e["match"] == row.id]
    assert tagged and all(e["shard"] == 0 for e in tagged)
    text = stream.getvalue()
    leaked = sorted(s for s in hidden if s in text)
    assert not leaked, leaked
