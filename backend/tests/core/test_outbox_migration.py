"""Migration 0049: the three senders' state, attempts and errors move to the one outbox with their history (a
webhook's attempts too), and back on downgrade."""

from sqlalchemy import text

from tests.migration_steps import migration_database, to

BEFORE = "0048_s3_reader_language"
AFTER = "0049_s3_outbox"
T = "'2026-01-02 03:04:05'"


async def _rows(conn) -> None:
    await conn.execute(text(
        "INSERT INTO notification_sends (id, alarm_id, device_id, user_id, event, channel, recipient, status, "
        "attempts, "
        f"alarm_count, \"values\", next_at, last_error, created_at, sent_at) VALUES (1, NULL, NULL, 7, 'x', 'email', "
        f"'a@b', 'sent', 2, 1, '{{}}', {T}, NULL, {T}, {T}), (2, NULL, NULL, 7, 'x', 'sms', '1', 'failed', 5, 1, "
        f"'{{}}', {T}, 'http_5xx', {T}, NULL)"))
    await conn.execute(text(
        "INSERT INTO incident_sends (id, incident_id, level, step, user_id, channel, recipient, state, attempts, "
        f"next_at, last_error, created_at, sent_at) VALUES (1, 1, 0, 0, 7, 'email', 'a@b', 'skipped', 0, {T}, NULL, "
        f"{T}, NULL)"))
    await conn.execute(text(
        "INSERT INTO webhook_subscriptions (id, user_id, name, url, events, secret, active, created_at, updated_at) "
        f"VALUES (1, 7, 'n', 'https://x.example/h', '[]', 's', true, {T}, {T})"))
    await conn.execute(text(
        "INSERT INTO webhook_deliveries (id, subscription_id, event_id, event_type, body, state, attempts, next_at, "
        f"last_code, last_error, created_at, delivered_at) VALUES (1, 1, 'e1', 'robot.online', '{{}}', 'delivered', 2, "
        f"{T}, 204, NULL, {T}, {T}), (2, 1, 'e2', 'webhook.test', '{{}}', 'pending', 1, {T}, 503, 'http_5xx', {T}, "
        "NULL)"))
    await conn.execute(text(
        "INSERT INTO webhook_attempts (id, delivery_id, at, state, code, duration_ms, error) VALUES "
        f"(1, 1, {T}, 'failed', 503, 5, 'http_5xx'), (2, 1, {T}, 'delivered', 204, 7, NULL), "
        f"(3, 2, {T}, 'failed', 503, 9, 'http_5xx')"))


async def test_the_sends_history_moves_to_the_outbox_and_back(tmp_path):
    async with migration_database(tmp_path, "outboxmig") as (conn, _is_pg):
        await conn.run_sync(to(BEFORE))
        await _rows(conn)
        await conn.run_sync(to(AFTER))
        sends = (await conn.execute(text(
            "SELECT kind, ref_id, lane, tenant, state, attempts, last_code, last_error FROM outbox_sends "
            "ORDER BY kind, ref_id"))).all()
        assert [tuple(row) for row in sends] == [
            ("incident", 1, "incident:email:7", "u7", "skipped", 0, None, None),
            ("notify", 1, "notify:email:7", "u7", "sent", 2, None, None),
            ("notify", 2, "notify:sms:7", "u7", "failed", 5, None, "http_5xx"),
            ("webhook", 1, "webhook:1", "u7", "sent", 2, 204, None),
            ("webhook", 2, "webhook:1:test", "u7", "pending", 1, 503, "http_5xx")]
        tries = (await conn.execute(text(
            "SELECT o.ref_id, a.state, a.code, a.duration_ms FROM outbox_attempts a JOIN outbox_sends o "
            "ON o.id = a.send_id ORDER BY a.id"))).all()
        assert [tuple(row) for row in tries] == [(1, "failed", 503, 5), (1, "sent", 204, 7), (2, "failed", 503, 9)]
        await conn.run_sync(to(BEFORE, downgrade=True))
        back = (await conn.execute(text("SELECT id, state, attempts, last_code, last_error FROM webhook_deliveries "
                                        "ORDER BY id"))).all()
        assert [tuple(row) for row in back] == [(1, "delivered", 2, 204, None), (2, "pending", 1, 503, "http_5xx")]
        notified = (await conn.execute(text("SELECT status, attempts FROM notification_sends ORDER BY id"))).all()
        assert [tuple(row) for row in notified] == [("sent", 2), ("failed", 5)]
        attempts = (await conn.execute(text("SELECT delivery_id, state FROM webhook_attempts ORDER BY id"))).all()
        assert [tuple(row) for row in attempts] == [(1, "failed"), (1, "delivered"), (2, "failed")]
