"""Permission-matrix entries for the factors calls that need a key: the branch policy (/api/factors/policy/*,
key ``user/index/factor_policy``, person-only).

The matrix asks for the policy of ``user`` (the dealer's child): another branch and the lower level (``sub``, below
``user``) do not reach it (NOT_FOUND naming ``userId``), the shadow without the key is refused, a signed-out caller
too. The person's own factors (/api/factors/status, /totp/*, /passkey/*, /recovery/*) need no key: each acts on the
caller's own account only, with a console session (tests/factors/test_totp.py and test_passkeys.py check that an
API token is refused); the second step's calls (/verify, /ticket/*, /passkey/signIn*) take a ticket or a passkey
instead of a session. None of those is a matrix call.
"""

from tests.permission_matrix import Entry, register

register(
    Entry("/api/factors/policy/get", lambda w: {"userId": w.id("user")}),
    # passkeyAlone "no" and no requirement: a row that changes nothing of how the world's callers sign in
    Entry("/api/factors/policy/set", lambda w: {"userId": w.id("user"), "requireTwo": False, "passkeyAlone": False}),
)
