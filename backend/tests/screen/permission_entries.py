"""Permission-matrix entries of the wall display and the device map (tests/permission_matrix.py).

The world's devices (tests/devices/permission_entries.py) belong to ``user``, the dealer's child; both calls
are asked about ``user``, which the other branch and the lower level may not name.
"""

from tests.permission_matrix import Entry, register

PREFIX = "/api/screen/"
SIGN_IN_ONLY = ("the wall display needs only sign-in, like the index page: a shadow user sees the subtree of the "
                "user it acts as (the dealer's, where 'user' lies)")

register(
    Entry("/api/screen/summary", lambda w: {"userId": w.id("user"), "utcOffsetMinutes": 480},
          not_applicable={"shadow_without_key": SIGN_IN_ONLY}),
    Entry("/api/screen/deviceMap", lambda w: {"userId": w.id("user")}),
)
