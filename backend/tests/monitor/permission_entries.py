"""Permission-matrix entries for status monitoring (/api/monitor/*).

The index page is always shown, so a signed-in caller needs no key: the shadow holding only "index" is a
rightful caller here. A ``userId`` or ``groupId`` outside the caller's subtree is refused.
"""

from tests.permission_matrix import Entry, register

ALWAYS_SHOWN = "the status monitoring page is always shown (no key); its data stays in the caller's subtree"

register(
    Entry("/api/monitor/status", lambda w: {"userId": w.id("user")},
          not_applicable={"shadow_without_key": ALWAYS_SHOWN}),
    Entry("/api/monitor/robots", lambda w: {"userId": w.id("user"), "groupId": w.ids["d.group"]},
          not_applicable={"shadow_without_key": ALWAYS_SHOWN}),
)
