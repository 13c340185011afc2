"""The PostgreSQL backend's statement text: ``?`` placeholders become ``$1, $2, …`` (never
inside a quoted literal or name), once per text; command statuses give the row count."""
from gamehost.db.postgres import dollar_params, rowcount


def test_placeholders_are_numbered_outside_quotes():
    assert dollar_params("SELECT a FROM t WHERE b=? AND c IN (?,?)") == "SELECT a FROM t WHERE b=$1 AND c IN ($2,$3)"
    assert dollar_params("SELECT '?' AS q, \"odd?\" FROM t WHERE x LIKE ? AND y = 'it''s?'") == \
        "SELECT '?' AS q, \"odd?\" FROM t WHERE x LIKE $1 AND y = 'it''s?'"
    assert dollar_params("SELECT 1") == "SELECT 1"
    before = dollar_params.cache_info().hits
    dollar_params("SELECT a FROM t WHERE b=? AND c IN (?,?)")
    assert dollar_params.cache_info().hits == before + 1


def test_row_counts_from_command_statuses():
    assert rowcount("UPDATE 1") == 1 and rowcount("UPDATE 0") == 0
    assert rowcount("INSERT 0 3") == 3 and rowcount("DELETE 12") == 12
    assert rowcount("CREATE TABLE") == 0
