"""Permission-matrix entries for the brand calls (/api/brand/*): reading a node's brand needs ``user/brand``, saving
and removing ``user/brand/edit``; the node must lie in the caller's subtree. ``/brand/current`` reads the caller's
own brand, which every signed-in person may."""

from tests.branding.conftest import DEALER_BRAND, save
from tests.permission_matrix import Entry, register

OWN = "reads the brand the caller itself sees: every signed-in person may"

register(
    Entry("/api/brand/get", lambda w: {"userId": w.id("dealer")}),
    Entry("/api/brand/set", send=lambda api, w: save(api, {**DEALER_BRAND, "userId": w.id("dealer")})),
    Entry("/api/brand/remove", lambda w: {"userId": w.id("dealer")}, last=1),
    Entry("/api/brand/current", not_applicable={"other_branch": OWN, "lower_level": OWN, "shadow_without_key": OWN}),
)
