"""Shapes of the two-factor calls (/factors/*). WebAuthn options and a browser's credential travel as JSON text
(``options``, ``credential``): py_webauthn writes the one and reads the other, @simplewebauthn/browser the reverse."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.auth.schemas import LoginOut
from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name

MAX_PASSKEYS = 20  # per person
RECOVERY_CODES = 10

Ticket = Annotated[str, StringConstraints(strip_whitespace=True, min_length=16, max_length=128)]
Code = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
Credential = Annotated[str, StringConstraints(min_length=2, max_length=32_000)]
Handle = Annotated[str, StringConstraints(strip_whitespace=True, min_length=16, max_length=128)]
Secret = Annotated[str, StringConstraints(max_length=128)]


class TicketIn(BaseModel):
    ticket: Ticket


class VerifyIn(BaseModel):
    ticket: Ticket
    code: Code | None = Field(default=None, description="the authenticator app's 6 digits, or a recovery code")
    handle: Handle | None = Field(default=None, description="with credential: the handle /factors/ticket/options "
                                                            "answered")
    credential: Credential | None = Field(default=None, description="a passkey's assertion (JSON text)")


class SignedIn(LoginOut):
    recoveryCodes: list[str] | None = Field(default=None, description="ten single-use codes, shown this once (a "
                                                                      "first factor just enrolled)")


class TotpStart(BaseModel):
    secret: str = Field(description="base32; for typing into an app that cannot scan")
    uri: str = Field(description="otpauth:// URI the QR code holds")
    qrSvg: str = Field(description="the QR code as an SVG document")


class TotpConfirmIn(BaseModel):
    code: Code


class TicketTotpConfirmIn(TicketIn):
    code: Code


class Confirm(BaseModel):
    """A change that weakens sign-in asks the person again: the account's password or a current code."""

    password: Secret | None = None
    code: Code | None = None


class RecoveryOut(BaseModel):
    recoveryCodes: list[str] = Field(description="ten single-use codes, shown this once")


class Options(BaseModel):
    handle: str = Field(description="send it back with the browser's answer")
    options: str = Field(description="WebAuthn options as JSON text (PublicKeyCredentialCreationOptionsJSON or "
                                     "PublicKeyCredentialRequestOptionsJSON)")


class PasskeyAddIn(BaseModel):
    name: Name
    handle: Handle
    credential: Credential


class TicketPasskeyAddIn(TicketIn):
    name: Name
    handle: Handle
    credential: Credential


class PasskeyOut(BaseModel):
    id: int
    name: str
    createdAt: str = Field(description="ISO 8601, UTC")
    lastUsedAt: str | None
    synced: bool = Field(description="a passkey that its provider syncs between devices (backed up)")


class PasskeyAdded(BaseModel):
    passkey: PasskeyOut
    recoveryCodes: list[str] | None = Field(description="shown once, when this is the person's first factor")


class PasskeyRenameIn(BaseModel):
    id: Id
    name: Name


class PasskeyIdIn(BaseModel):
    id: Id


class PasskeySignInIn(BaseModel):
    handle: Handle
    credential: Credential


class PolicyOut(BaseModel):
    userId: int
    requireTwo: bool = Field(description="this node asks two factors of everyone in its branch")
    passkeyAlone: bool | None = Field(description="this node's word on a passkey alone: true, false, or null "
                                                  "(as the branch above says)")
    effectiveRequireTwo: bool = Field(description="this node or one above it asks two factors")
    effectivePasskeyAlone: bool = Field(description="a passkey alone signs in here (no node on the path says no, "
                                                    "and one says yes)")
    setAbove: bool = Field(description="a node above already requires two factors (this one cannot loosen it)")


class PolicyIn(BaseModel):
    userId: Id | None = Field(default=None, description="a node of the caller's subtree; default the caller's own")
    requireTwo: bool
    passkeyAlone: bool | None = None


class PolicyGetIn(BaseModel):
    userId: Id | None = None


class StatusOut(BaseModel):
    totp: bool = Field(description="an authenticator app is on")
    totpSince: str | None
    recoveryLeft: int = Field(description="unused recovery codes")
    passkeys: list[PasskeyOut]
    required: bool = Field(description="the person's branch (or the admin rule) requires a second factor")
    passkeyAlone: bool = Field(description="a passkey alone may sign this person in")
    hasPassword: bool = Field(description="the account has a password (to confirm a change with)")
