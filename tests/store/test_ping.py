"""``Store.ping``: the /healthz helper's database check."""
import pytest

from gamehost.store import Store


async def test_ping_answers_when_open_and_raises_when_closed(tmp_path):
    store = Store(str(tmp_path / "m.sqlite3"))
    await store.open()
    await store.ping()
    await store.close()
    with pytest.raises(Exception):
        await store.ping()
