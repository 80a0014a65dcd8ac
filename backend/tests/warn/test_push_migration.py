"""Migration 0040: the raw error texts stored before become categories (push subscriptions' ``last_failure``, the
webhooks' attempts and deliveries), the ones no category can be read from become ``failed``, and back."""

from sqlalchemy import text

from tests.migration_steps import migration_database, to

BEFORE = "0039_s1_token_attribution"
AFTER = "0040_s1_push_owner"
PUSH = {"push service answered HTTP 500": "http_5xx", "push service answered HTTP 429": "http_4xx",
        "push service: ConnectError('[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed')": "tls",
        "push service: ConnectTimeout('')": "timeout",
        "push service: ConnectError('[Errno 111] refused')": "unreachable",
        "something else": "failed"}
WEBHOOK = {"answered 503": "http_5xx", "answered 404": "http_4xx", "redirect not followed": "redirect",
           "refused: the host x.example cannot be found": "unreachable",
           "refused: the host x.example points at a loopback address": "rejected_address",
           "no answer within 10 s": "timeout", "ReadError: [Errno 104] Connection reset by peer": "failed"}


async def _push_rows(conn, texts):
    for n, error in enumerate(texts):
        await conn.execute(text(
            "INSERT INTO push_subscriptions (id, user_id, token_id, endpoint, p256dh, auth, label, created_at, "
            "last_error) VALUES (:id, 1, NULL, :endpoint, 'k', 'a', '', CURRENT_TIMESTAMP, :error)"),
            {"id": n + 1, "endpoint": f"https://push.example/{n}", "error": error})


async def _webhook_rows(conn, texts):
    for n, error in enumerate(texts):
        await conn.execute(text(
            "INSERT INTO webhook_deliveries (id, subscription_id, event_id, event_type, body, state, attempts, "
            "next_at, last_code, last_error, created_at) VALUES (:id, 1, :event, 'robot.online', '{}', 'failed', 1, "
            "CURRENT_TIMESTAMP, NULL, :error, CURRENT_TIMESTAMP)"), {"id": n + 1, "event": f"e{n}", "error": error})
        await conn.execute(text(
            "INSERT INTO webhook_attempts (id, delivery_id, at, state, code, duration_ms, error) "
            "VALUES (:id, :id, CURRENT_TIMESTAMP, 'failed', NULL, 5, :error)"), {"id": n + 1, "error": error})


async def test_stored_error_texts_become_categories(tmp_path):
    async with migration_database(tmp_path, "pushmig") as (conn, _is_pg):
        await conn.run_sync(to(BEFORE))
        await _push_rows(conn, [*PUSH, None])
        await _webhook_rows(conn, [*WEBHOOK, None])
        await conn.run_sync(to(AFTER))
        push = (await conn.execute(text("SELECT last_failure FROM push_subscriptions ORDER BY id"))).scalars()
        assert list(push) == [*PUSH.values(), None]
        for query in ("SELECT last_error FROM webhook_deliveries ORDER BY id",
                      "SELECT error FROM webhook_attempts ORDER BY id"):
            assert list((await conn.execute(text(query))).scalars()) == [*WEBHOOK.values(), None]
        await conn.run_sync(to(BEFORE, downgrade=True))
        back = (await conn.execute(text("SELECT last_error FROM push_subscriptions ORDER BY id"))).scalars()
        assert list(back) == [*PUSH.values(), None]
