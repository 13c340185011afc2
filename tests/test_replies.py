"""cogs/replies.py: a message's send arguments become edit arguments with every file kept, and
a retried message sends its files from the start."""
import io

import discord

from cogs.replies import edit_kwargs, rewind_file


def test_several_files_become_the_edited_attachments():
    files = [discord.File(io.BytesIO(b"a"), filename="hand.png"), discord.File(io.BytesIO(b"b"), filename="hero.png")]
    edit = edit_kwargs({"content": "x", "files": files, "ephemeral": True})
    assert edit == {"content": "x", "attachments": files}


def test_one_file_becomes_the_edited_attachment():
    file = discord.File(io.BytesIO(b"a"), filename="board.png")
    assert edit_kwargs({"embed": None, "file": file}) == {"embed": None, "attachments": [file]}


def test_a_retry_rewinds_every_file():
    files = [discord.File(io.BytesIO(b"abc"), filename=f"{n}.png") for n in "xy"]
    for file in files:
        file.fp.read()
    rewind_file({"files": files})
    assert [file.fp.read() for file in files] == [b"abc", b"abc"]
