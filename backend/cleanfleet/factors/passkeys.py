"""WebAuthn through py_webauthn (``webauthn`` 3.x): registration and assertion options, and the checks of what a
browser's authenticator answered. No WebAuthn protocol is written here: the library checks the challenge, origin,
relying party id hash, flags, signature and counter.

Relying party: its id is the host name the browser reached the console at (``Host``; a passkey is bound to it, and
its ``rp_id`` is kept with it, so a passkey made on one host name is not offered on another). The origins accepted
are that host's (http and https: behind a proxy that ends TLS the server itself is reached by http) and the origin
of CLEANFLEET_PUBLIC_URL. The browser only signs for an origin whose host is the relying party id (or below it), so
a page on another site cannot ask for this site's passkeys. An IP address cannot be a relying party id: passkeys
need the console reached by a name (``localhost`` counts).
"""

import functools
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from fastapi import Request

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.factors import texts
from cleanfleet.factors.models import Passkey
from cleanfleet.settings import Settings

if TYPE_CHECKING:  # webauthn is imported where a passkey is asked for or checked, not in the server's start
    from webauthn.helpers.structs import PublicKeyCredentialDescriptor

RP_NAME = "CleanFleet"
TIMEOUT_MS = 120_000


@functools.cache
def _transports() -> frozenset[str]:
    from webauthn.helpers.structs import AuthenticatorTransport

    return frozenset(t.value for t in AuthenticatorTransport)


@dataclass(frozen=True)
class Party:
    rp_id: str
    origins: tuple[str, ...]


def party_of(request: Request, settings: Settings) -> Party:
    """The relying party of this request (see the module's doc)."""
    host = (request.url.hostname or "localhost").lower()
    netloc = request.url.netloc
    origins = {f"http://{netloc}", f"https://{netloc}"}
    public = urlsplit(settings.public_url)
    if public.hostname and public.hostname.lower() == host:
        origins.add(f"{public.scheme}://{public.netloc}")
    return Party(rp_id=host, origins=tuple(sorted(origins)))


@dataclass(frozen=True)
class NewPasskey:
    credential_id: str
    public_key: str
    sign_count: int
    transports: list[str]
    synced: bool


def _descriptors(passkeys: list[Passkey]) -> list["PublicKeyCredentialDescriptor"]:
    from webauthn.helpers import base64url_to_bytes
    from webauthn.helpers.structs import AuthenticatorTransport, PublicKeyCredentialDescriptor

    return [PublicKeyCredentialDescriptor(
        id=base64url_to_bytes(p.credential_id),
        transports=[AuthenticatorTransport(t) for t in (p.transports or []) if t in _transports()] or None)
        for p in passkeys]


def registration_options(party: Party, *, user_id: int, account: str, name: str,
                         existing: list[Passkey]) -> tuple[str, str]:
    """Options for navigator.credentials.create (JSON text) and their challenge (base64url). A passkey is asked
    for (a discoverable credential, so it can later sign in alone); a security key without one still registers."""
    from webauthn import generate_registration_options, options_to_json
    from webauthn.helpers import bytes_to_base64url
    from webauthn.helpers.structs import (
        AuthenticatorSelectionCriteria,
        ResidentKeyRequirement,
        UserVerificationRequirement,
    )

    options = generate_registration_options(
        rp_id=party.rp_id, rp_name=RP_NAME, user_name=account, user_display_name=name or account,
        user_id=f"cleanfleet-user-{user_id}".encode(), timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED, user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=_descriptors([p for p in existing if p.rp_id == party.rp_id]))
    return options_to_json(options), bytes_to_base64url(options.challenge)


def verify_registration(party: Party, credential: str, challenge: str) -> NewPasskey:
    """The new credential, or BAD_PARAMETER naming ``credential`` when the answer does not check out."""
    from webauthn import verify_registration_response
    from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
    from webauthn.helpers.exceptions import InvalidJSONStructure, InvalidRegistrationResponse
    from webauthn.helpers.structs import CredentialDeviceType

    try:
        verified = verify_registration_response(
            credential=credential, expected_challenge=base64url_to_bytes(challenge), expected_rp_id=party.rp_id,
            expected_origin=list(party.origins))
    except (InvalidRegistrationResponse, InvalidJSONStructure, ValueError, KeyError, TypeError) as exc:
        raise bad_parameter("credential", texts.PASSKEY_REFUSED) from exc
    transports = _json(credential).get("response", {}).get("transports") or []
    return NewPasskey(
        credential_id=bytes_to_base64url(verified.credential_id),
        public_key=bytes_to_base64url(verified.credential_public_key), sign_count=verified.sign_count,
        transports=[t for t in transports if isinstance(t, str) and t in _transports()][:8],
        synced=verified.credential_device_type == CredentialDeviceType.MULTI_DEVICE)


def assertion_options(party: Party, allow: list[Passkey] | None, *, alone: bool) -> tuple[str, str]:
    """Options for navigator.credentials.get and their challenge. ``allow`` None: any passkey of this site (a
    passkey alone: the browser lists the discoverable ones), which must then verify its user."""
    from webauthn import generate_authentication_options, options_to_json
    from webauthn.helpers import bytes_to_base64url
    from webauthn.helpers.structs import UserVerificationRequirement

    options = generate_authentication_options(
        rp_id=party.rp_id, timeout=TIMEOUT_MS,
        allow_credentials=None if allow is None else _descriptors([p for p in allow if p.rp_id == party.rp_id]),
        user_verification=UserVerificationRequirement.REQUIRED if alone else UserVerificationRequirement.PREFERRED)
    return options_to_json(options), bytes_to_base64url(options.challenge)


def credential_id_of(credential: str) -> str:
    """The credential id a browser's assertion names (base64url), or BAD_PARAMETER naming ``credential``."""
    from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

    found = _json(credential).get("id")
    if not isinstance(found, str) or not found or len(found) > 1400:
        raise bad_parameter("credential", texts.PASSKEY_REFUSED)
    try:
        return bytes_to_base64url(base64url_to_bytes(found))
    except ValueError as exc:
        raise bad_parameter("credential", texts.PASSKEY_REFUSED) from exc


def verify_assertion(party: Party, credential: str, challenge: str, passkey: Passkey, *, alone: bool) -> int:
    """The authenticator's new signature counter; WRONG_CREDENTIALS naming ``credential`` when the assertion does
    not check out (a passkey alone must have verified its user: a PIN or a fingerprint)."""
    from webauthn import verify_authentication_response
    from webauthn.helpers import base64url_to_bytes
    from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidJSONStructure

    if passkey.rp_id != party.rp_id:
        raise ApiError(Code.WRONG_CREDENTIALS, texts.PASSKEY_UNKNOWN, field="credential")
    try:
        verified = verify_authentication_response(
            credential=credential, expected_challenge=base64url_to_bytes(challenge), expected_rp_id=party.rp_id,
            expected_origin=list(party.origins), credential_public_key=base64url_to_bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count, require_user_verification=alone)
    except (InvalidAuthenticationResponse, InvalidJSONStructure, ValueError, KeyError, TypeError) as exc:
        raise ApiError(Code.WRONG_CREDENTIALS, texts.PASSKEY_REFUSED, field="credential") from exc
    return verified.new_sign_count


def _json(credential: str) -> dict[str, Any]:
    try:
        value = json.loads(credential)
    except ValueError as exc:
        raise bad_parameter("credential", texts.PASSKEY_REFUSED) from exc
    if not isinstance(value, dict):
        raise bad_parameter("credential", texts.PASSKEY_REFUSED)
    return value
