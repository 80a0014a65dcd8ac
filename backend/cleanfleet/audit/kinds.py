"""The audit trail's kinds of event (issue 51 item 1): the one list the filter, the console's words and the SIEM
read, and how a committed change is told apart by what it changed.

A committed change (core/audit.py's hook) is one row whose kind says what kind of record it touched, the most
sensitive first: who may do what (``access_change``: people, roles, role groups, permission keys, API tokens,
factors, identity providers), whose a robot is (``ownership_change``: a robot's owner moved), what robots run
(``update_published``, ``rollout_change``), how the fleet is watched and told (``settings_change``), what robots
do (``operations_change``: maps, schedules, sites, elevators), or anything else (``change``). Robots' own calls
that change nothing in the database (tasks, schedules and commands sent to a robot, remote control) are kinds of
their own, recorded where they are sent (tasks/robot.py, relay/)."""

from typing import Literal

# sessions/ records these (sessions/models.py EVENT_KINDS reads them from here: the audit names its kinds)
SIGN_IN_KINDS = ("sign_in", "sign_in_failed", "sign_in_locked", "sign_out", "session_ended", "factor_added",
                 "factor_removed", "recovery_codes_made", "recovery_code_used", "second_factor_failed",
                 "provider_refused")
CHANGE_KINDS = ("access_change", "ownership_change", "update_published", "rollout_change", "settings_change",
                "operations_change", "change")
ROBOT_KINDS = ("control_taken", "control_released", "robot_command", "drive_session")
DATA_KINDS = ("export", "download", "video_viewed", "data_export", "person_erasure")  # the last two: privacy/
OTHER_KINDS = ("token_used", "refused", "erasure_notice")  # the last: audit/personal.py, a person erased
KINDS = SIGN_IN_KINDS + CHANGE_KINDS + ROBOT_KINDS + DATA_KINDS + OTHER_KINDS
Kind = Literal[KINDS]  # type: ignore[valid-type]

# oplog/kinds.py's record kinds, by the change kind they make; the first that matches names the row
_BY_RECORD: tuple[tuple[str, frozenset[str]], ...] = (
    ("access_change", frozenset({"user", "role", "role_group", "api_token", "authenticator_app", "passkey",
                                 "factor_policy", "recovery_codes", "sso_provider"})),
    ("rollout_change", frozenset({"rollout"})),
    ("update_published", frozenset({"whole_version", "cloud_version", "firmware", "software_version",
                                    "app_version", "advisory"})),
    ("settings_change", frozenset({"alarm_setting", "webhook", "wear_setting", "incident_rule", "incident_duty",
                                   "site_report_schedule", "parameter", "host", "robot_certificate",
                                   "brand"})),
    ("operations_change", frozenset({"map", "map_sync", "schedule", "site", "site_building", "site_floor",
                                     "plan_item", "plan_by_hand", "elevator", "robot_group"})),
)
OWNER_COLUMNS = frozenset({"user_id", "owner_path"})


def change_kind(entries: list[list[str]], owner_moved: bool) -> str:
    """The kind of a committed change: ``entries`` are its records ([kind, action, id, name], oplog/kinds.py);
    ``owner_moved``: a robot's owner changed in it."""
    records = {entry[0] for entry in entries}
    for kind, wanted in _BY_RECORD[:1]:
        if records & wanted:
            return kind
    if owner_moved:
        return "ownership_change"
    for kind, wanted in _BY_RECORD[1:]:
        if records & wanted:
            return kind
    return "change"
