"""A person's second factors (issue 50 items 5-7): authenticator apps (TOTP), passkeys and security keys
(WebAuthn), recovery codes, the sign-in's second step and the branch policy that requires them
(docs/domains/factors.md). Auth tells the second step on SECOND_STEP_OWED (core/bus.py) and imports nothing here."""

PUBLIC: tuple[str, ...] = ()
