"""Issue 45 items 2-3: what a failed outbound call left behind is a category, never the error's text (a TLS or
connection message tells about the network behind an address). ``push_subscriptions.last_error`` (raw text) becomes
``last_failure`` (a category of core/outbound.py ``Failure``); the webhooks' ``error`` and ``last_error`` keep their
columns and get the category in place of the text. Older texts map to the category they name where one can be read
from them (an HTTP code, a redirect, a refused address, a timeout), else to ``failed``. An endpoint's owner
(item 3) needs no column: the unique endpoint and its ``user_id`` are kept, and another user's subscribe is refused.
Downgrade puts ``last_error`` back holding the category.

Revision ID: 0040_s1_push_owner
Revises: 0039_s1_token_attribution
"""

import sqlalchemy as sa
from alembic import op

revision = "0040_s1_push_owner"
down_revision = "0039_s1_token_attribution"
branch_labels = None
depends_on = None

# the texts the server wrote before (warn/push/send.py and webhooks/delivery.py), most specific first
PUSH_TEXTS = (("%HTTP 3%", "redirect"), ("%HTTP 4%", "http_4xx"), ("%HTTP 5%", "http_5xx"),
              ("%Timeout%", "timeout"), ("%SSL%", "tls"), ("%ConnectError%", "unreachable"),
              ("endpoint refused%", "rejected_address"))
WEBHOOK_TEXTS = (("refused: %cannot be found", "unreachable"), ("refused: %", "rejected_address"),
                 ("redirect not followed", "redirect"), ("answered 4%", "http_4xx"), ("answered 5%", "http_5xx"),
                 ("no answer within%", "timeout"), ("%Timeout%", "timeout"), ("%SSL%", "tls"),
                 ("%ConnectError%", "unreachable"), ("%ProtocolError%", "bad_answer"))
CATEGORIES = ("rejected_address", "unreachable", "timeout", "tls", "redirect", "http_4xx", "http_5xx", "bad_answer",
              "failed")


def _category(column: sa.ColumnClause[str], texts: tuple[tuple[str, str], ...]) -> sa.Case[str]:
    return sa.case(*((column.like(pattern), category) for pattern, category in texts), else_="failed")


def _categorise(table: str, column: str, texts: tuple[tuple[str, str], ...], into: str | None = None) -> None:
    source = sa.column(column, sa.String)
    target = sa.table(table, source, *([sa.column(into, sa.String)] if into else []))
    op.execute(target.update().where(source.is_not(None), source.not_in(CATEGORIES))
               .values({into or column: _category(source, texts)}))


def upgrade() -> None:
    with op.batch_alter_table("push_subscriptions") as batch:
        batch.add_column(sa.Column("last_failure", sa.String(length=32), nullable=True))
    _categorise("push_subscriptions", "last_error", PUSH_TEXTS, into="last_failure")
    with op.batch_alter_table("push_subscriptions") as batch:
        batch.drop_column("last_error")
    _categorise("webhook_attempts", "error", WEBHOOK_TEXTS)
    _categorise("webhook_deliveries", "last_error", WEBHOOK_TEXTS)


def downgrade() -> None:
    with op.batch_alter_table("push_subscriptions") as batch:
        batch.add_column(sa.Column("last_error", sa.String(length=255), nullable=True))
    op.execute(sa.text("UPDATE push_subscriptions SET last_error = last_failure"))
    with op.batch_alter_table("push_subscriptions") as batch:
        batch.drop_column("last_failure")
