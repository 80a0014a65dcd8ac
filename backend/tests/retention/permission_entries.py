"""Permission-matrix entries for data retention (/api/retention/*): reading needs ``retention``, setting a period
and its preview ``retention/edit``; the node must lie in the caller's subtree."""

from tests.permission_matrix import Entry, register

register(
    Entry("/api/retention/get", lambda w: {"userId": w.id("user")}),
    Entry("/api/retention/set", lambda w: {"userId": w.id("user"), "kind": "alarms", "days": 200}),
    Entry("/api/retention/preview", lambda w: {"userId": w.id("user"), "kind": "messages", "days": 30}),
)
