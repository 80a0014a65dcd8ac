"""The one catalogue of answer codes. Codes are stable: never renumber, only add.

Every answer is ``{"message": {"code", "message"}, "data"}``. 0, 20004 and 20007 are success;
everything else is a failure whose message the console shows as is.
"""

from enum import IntEnum


class Code(IntEnum):
    OK = 0
    OK_UNCHANGED = 20004
    OK_ACCEPTED = 20007

    BAD_PARAMETER = 10001
    BAD_SIGNATURE = 10002
    SESSION_INVALID = 10003
    NO_PERMISSION = 10004
    NOT_FOUND = 10005
    LOGIN_LOCKED = 10006
    WRONG_CREDENTIALS = 10007
    ALREADY_EXISTS = 10008
    RATE_LIMITED = 10009
    BODY_TOO_LARGE = 10010
    CONFLICT = 10011
    DEVICE_OFFLINE = 10012
    ROBOT_TIMEOUT = 10013
    ROBOT_ERROR = 10014
    BAD_FILE = 10015
    CODE_EXPIRED = 10016
    SECOND_FACTOR_REQUIRED = 10017
    INTERNAL = 50000


SUCCESS_CODES = frozenset({Code.OK, Code.OK_UNCHANGED, Code.OK_ACCEPTED})

MEANING = {
    Code.OK: "success",
    Code.OK_UNCHANGED: "success; nothing needed to change",
    Code.OK_ACCEPTED: "success; accepted and running in the background",
    Code.BAD_PARAMETER: "a parameter is missing, malformed or out of range; the message names the field",
    Code.BAD_SIGNATURE: "the sign header is missing, does not decrypt, or its time has passed",
    Code.SESSION_INVALID: "the token is missing, unknown, expired or revoked; sign in again",
    Code.NO_PERMISSION: "the caller lacks the permission key, or may see the target but not change it "
                        "(another branch's records answer NOT_FOUND, as missing ones do)",
    Code.NOT_FOUND: "the record does not exist (or is not visible to the caller)",
    Code.LOGIN_LOCKED: "too many failed sign-ins for this account or address; the message says when to retry",
    Code.WRONG_CREDENTIALS: "account or password is wrong",
    Code.ALREADY_EXISTS: "a record with this name or key already exists",
    Code.RATE_LIMITED: "too many requests; retry later",
    Code.BODY_TOO_LARGE: "the request body is over the size limit",
    Code.CONFLICT: "the record's state does not allow this change",
    Code.DEVICE_OFFLINE: "the robot is offline",
    Code.ROBOT_TIMEOUT: "the robot did not answer in time",
    Code.ROBOT_ERROR: "the robot answered with an error",
    Code.BAD_FILE: "the uploaded file is of the wrong type or size",
    Code.CODE_EXPIRED: "the one-time code has expired or was already used",
    Code.SECOND_FACTOR_REQUIRED: "the first factor holds; a second one is owed (or must first be enrolled): data "
                                 "carries a short-lived ticket and the methods, for /factors/verify",
    Code.INTERNAL: "unexpected server error; the message carries the request id",
}


def catalogue_markdown() -> str:
    rows = "\n".join(f"| {int(code)} | {code.name} | {MEANING[code]} |" for code in Code)
    return "| code | name | meaning |\n|---|---|---|\n" + rows
