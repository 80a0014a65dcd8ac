"""Migration 0039 (issue 45 item 1): the operation log's rows get the API token's id beside its name; rows written
before keep a null id, and the downgrade takes the column away and keeps the rows."""

from sqlalchemy import inspect, text

from tests.migration_steps import migration_database, to

ROW = ("INSERT INTO operation_logs (id, time, user_id, account, user_path, shadow, call, target, ip, platform, "
       "token_name{extra}) VALUES (:id, CURRENT_TIMESTAMP, 1, 'dealer', '/1/', false, '/api/elevator/insertElevator', "
       "'Tower lift', '192.0.2.7', 'web', 'Facility sync'{value})")


def _columns(connection):
    return {column["name"] for column in inspect(connection).get_columns("operation_logs")}


async def test_the_token_id_column_comes_and_goes_with_the_rows_kept(tmp_path):
    async with migration_database(tmp_path, "tokenidmig") as (conn, _):
        await conn.run_sync(to("0038_h1_device_search_mirror"))
        await conn.execute(text(ROW.format(extra="", value="")), {"id": 1})
        await conn.run_sync(to("0039_s1_token_attribution"))
        assert "token_id" in await conn.run_sync(_columns)
        await conn.execute(text(ROW.format(extra=", token_id", value=", 12")), {"id": 2})
        rows = await conn.execute(text("SELECT id, token_name, token_id FROM operation_logs ORDER BY id"))
        assert [tuple(row) for row in rows] == [(1, "Facility sync", None), (2, "Facility sync", 12)]
        await conn.run_sync(to("0038_h1_device_search_mirror", downgrade=True))
        assert "token_id" not in await conn.run_sync(_columns)
        rows = await conn.execute(text("SELECT id, token_name FROM operation_logs ORDER BY id"))
        assert [tuple(row) for row in rows] == [(1, "Facility sync"), (2, "Facility sync")]
