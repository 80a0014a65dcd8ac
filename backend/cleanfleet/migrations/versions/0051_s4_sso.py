"""Issue 50 items 1-4: single sign-on with OpenID Connect. A node's providers (client secret sealed), the e-mail
domains each serves, the table group -> role (and node), the subjects known (just-in-time accounts), the sign-ins
under way (state, nonce, PKCE verifier; the console's one-time handoff) and the sessions an OpenID sign-in began
(the ID token signing out hands back). Downgrade drops them all.

Revision ID: 0051_s4_sso
Revises: 0050_s4_token_sessions
"""

import sqlalchemy as sa
from alembic import op

from cleanfleet.core.db import UtcDateTime

revision = "0051_s4_sso"
down_revision = "0050_s4_token_sessions"
branch_labels = None
depends_on = None


def _time(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, UtcDateTime(timezone=True), nullable=nullable)


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"),
                                   ondelete="CASCADE")


def upgrade() -> None:
    op.create_table(
        "sso_providers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("node_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("issuer", sa.String(length=2048), nullable=False),
        sa.Column("client_id", sa.String(length=255), nullable=False),
        sa.Column("client_secret_sealed", sa.Text(), nullable=False),
        sa.Column("scopes", sa.String(length=255), nullable=False),
        sa.Column("groups_claim", sa.String(length=64), nullable=False),
        sa.Column("passwords_off", sa.Boolean(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        _time("created_at"),
        _time("updated_at"),
        _fk("sso_providers", "node_id", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sso_providers")),
    )
    op.create_index("ix_sso_providers_node_id", "sso_providers", ["node_id"])
    op.create_table(
        "sso_domains",
        sa.Column("domain", sa.String(length=253), nullable=False),
        sa.Column("provider_id", sa.Integer(), nullable=False),
        _fk("sso_domains", "provider_id", "sso_providers"),
        sa.PrimaryKeyConstraint("domain", name=op.f("pk_sso_domains")),
    )
    op.create_index("ix_sso_domains_provider_id", "sso_domains", ["provider_id"])
    op.create_table(
        "sso_group_roles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("provider_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("group", sa.String(length=255), nullable=False),
        sa.Column("role_id", sa.Integer(), nullable=False),
        sa.Column("node_id", sa.Integer(), nullable=False),
        _fk("sso_group_roles", "provider_id", "sso_providers"),
        _fk("sso_group_roles", "role_id", "roles"),
        _fk("sso_group_roles", "node_id", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sso_group_roles")),
    )
    for column in ("provider_id", "role_id", "node_id"):
        op.create_index(f"ix_sso_group_roles_{column}", "sso_group_roles", [column])
    op.create_table(
        "sso_identities",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("provider_id", sa.Integer(), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=512), nullable=False),
        _time("created_at"),
        _time("last_at", True),
        _fk("sso_identities", "provider_id", "sso_providers"),
        _fk("sso_identities", "user_id", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sso_identities")),
        sa.UniqueConstraint("provider_id", "subject", name="uq_sso_identities_subject"),
    )
    op.create_index("ix_sso_identities_user_id", "sso_identities", ["user_id"])
    op.create_table(
        "sso_flows",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("browser_hash", sa.String(length=64), nullable=False),
        sa.Column("provider_id", sa.Integer(), nullable=False),
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("verifier_sealed", sa.Text(), nullable=False),
        sa.Column("login_hint", sa.String(length=255), nullable=False),
        _time("expires_at"),
        _fk("sso_flows", "provider_id", "sso_providers"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sso_flows")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_sso_flows_code_hash")),
    )
    op.create_index("ix_sso_flows_provider_id", "sso_flows", ["provider_id"])
    op.create_index("ix_sso_flows_expires_at", "sso_flows", ["expires_at"])
    op.create_table(
        "sso_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("provider_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("id_token_sealed", sa.Text(), nullable=False),
        _time("created_at"),
        _fk("sso_sessions", "provider_id", "sso_providers"),
        _fk("sso_sessions", "user_id", "users"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_sso_sessions")),
    )
    op.create_index("ix_sso_sessions_provider_id", "sso_sessions", ["provider_id"])
    op.create_index("ix_sso_sessions_user_id", "sso_sessions", ["user_id"])


def downgrade() -> None:
    for table in ("sso_sessions", "sso_flows", "sso_identities", "sso_group_roles", "sso_domains", "sso_providers"):
        op.drop_table(table)
