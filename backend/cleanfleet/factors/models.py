"""A person's second factors and the tenant policy that asks for them (issue 50 items 5-7; docs/domains/factors.md).

- ``factor_totp``: one authenticator app per person: its shared secret sealed (core/sealed.py, purpose
  ``factors.totp``), ``confirmed_at`` once one code was checked (before that it is not on), and the last time step
  a code was accepted at (a code is taken once).
- ``factor_passkeys``: the person's passkeys and security keys (WebAuthn credentials), each with a name, its public
  key, the relying party id it was made for and its signature counter.
- ``factor_recovery_codes``: ten single-use codes, only their hashes; ``used_at`` once used.
- ``factor_tickets``: a sign-in whose first factor held and that still owes a second one (``purpose`` ``verify``)
  or must first enrol one (``enrol``): only the ticket's hash, five minutes, single use.
- ``factor_challenges``: a WebAuthn challenge handed to a browser (registration or assertion), by a random handle's
  hash, single use, five minutes.
- ``factor_policies``: per node of the user tree: require two factors for everyone below; allow a passkey alone
  (true, false, or unset: inherit). The effective policy is the strictest on the path from the root.
- ``factor_admin_grace``: the admin account's one sign-in without a factor (CLEANFLEET_ADMIN_SECOND_FACTOR).
"""

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

PURPOSE_VERIFY, PURPOSE_ENROL = "verify", "enrol"
CHALLENGE_REGISTER, CHALLENGE_ASSERT, CHALLENGE_ALONE = "register", "assert", "alone"


class TotpFactor(Base):
    __tablename__ = "factor_totp"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    secret_sealed: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    confirmed_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    last_step: Mapped[int | None] = mapped_column(Integer)  # the RFC 6238 time step of the last code taken


class Passkey(Base):
    __tablename__ = "factor_passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)  # base64url
    public_key: Mapped[str] = mapped_column(Text)  # base64url of the COSE key
    rp_id: Mapped[str] = mapped_column(String(255))
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    transports: Mapped[list[str] | None] = mapped_column(JSON)
    discoverable: Mapped[bool] = mapped_column(Boolean, default=False)  # backed up / multi-device (a passkey)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UtcDateTime())


class RecoveryCode(Base):
    __tablename__ = "factor_recovery_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime())


class FactorTicket(Base):
    __tablename__ = "factor_tickets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    ticket_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(8))  # PURPOSE_VERIFY, PURPOSE_ENROL
    method: Mapped[str] = mapped_column(String(16))  # the first factor's (auth.models.SIGN_IN_METHODS)
    platform: Mapped[str] = mapped_column(String(32), default="web")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime())


class FactorChallenge(Base):
    __tablename__ = "factor_challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    handle_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    purpose: Mapped[str] = mapped_column(String(8))  # CHALLENGE_*
    challenge: Mapped[str] = mapped_column(String(128))  # base64url
    rp_id: Mapped[str] = mapped_column(String(255))
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime(), index=True)


class FactorPolicy(Base):
    __tablename__ = "factor_policies"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    require_two: Mapped[bool] = mapped_column(Boolean, default=False)
    passkey_alone: Mapped[bool | None] = mapped_column(Boolean)  # None: as the branch above says
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)
    updated_by: Mapped[int | None] = mapped_column(Integer)


class AdminGrace(Base):
    __tablename__ = "factor_admin_grace"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    used_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

