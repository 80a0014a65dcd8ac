"""Shapes of the site report calls (/site/report/*, issue 33 item 5)."""

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Day, Id
from cleanfleet.core.validation import TextError
from cleanfleet.sites.reports.texts import NOT_AN_EMAIL

MAX_RECIPIENTS = 20
# one mailbox, as the user settings check theirs (users/schemas.py), with a top-level domain of letters
MAILBOX = re.compile(r"^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,24}$")

ReportPeriod = Literal["week", "month"]
ReportLanguage = Literal["zh-CN", "en", "de", "es", "fr", "nl", "ja", "ko", "ar"]


def _mailbox(value: str) -> str:
    if not MAILBOX.fullmatch(value):
        raise TextError(NOT_AN_EMAIL, {"value": value})
    return value


Email = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=254), AfterValidator(_mailbox),
                  Field(description="one e-mail address", examples=["facilities@example.com"])]


class ReportIn(BaseModel):
    siteId: Id
    period: ReportPeriod = Field(default="month", description="the site's week (Monday to Sunday) or month")
    day: Day | None = Field(default=None, description="a day in the period; default today on the site's clock")


class Recipient(BaseModel):
    email: Email
    language: ReportLanguage = Field(default="zh-CN", description="the language of this recipient's mail and files")


class ReportScheduleIn(BaseModel):
    siteId: Id
    enabled: bool = Field(description="mail the report after each period")
    period: ReportPeriod = Field(default="week", description="weekly (Monday to Sunday) or monthly, on the site's "
                                                             "clock")
    recipients: Annotated[list[Recipient], Field(max_length=MAX_RECIPIENTS)] = Field(
        default_factory=list, description=f"at most {MAX_RECIPIENTS}; each gets one mail in its language")


class ReportSiteId(BaseModel):
    siteId: Id


class ReportScheduleOut(BaseModel):
    siteId: int
    enabled: bool
    period: ReportPeriod
    recipients: list[Recipient]
    lastSent: str | None = Field(description="the first day of the last period mailed (the site's day), or null")
    updateTime: str | None = Field(description="when the schedule was last saved; null: never")
    nextSend: str | None = Field(description="when the next scheduled mail goes (UTC; the first scan from then on, "
                                             "scans run every 5 minutes): an hour after its period ends on the "
                                             "site's clock; null when the schedule is off or lists nobody")
    nextStart: str | None = Field(description="the first day of the period the next mail carries (the site's day)")
    nextEnd: str | None = Field(description="the last day of that period")


class ReportSendIn(BaseModel):
    siteId: Id
    to: Literal["recipients", "me"] = Field(description="the schedule's recipients (each in its language; key "
                                                        "site/index/edit) or the caller's own e-mail address")
    period: ReportPeriod | None = Field(default=None, description="default the schedule's period (else week)")
    day: Day | None = Field(default=None, description="a day in the period; default the last full period on the "
                                                      "site's clock")


class ReportSendOut(BaseModel):
    siteId: int
    period: ReportPeriod
    start: str = Field(description="the period's first day (the site's day)")
    end: str
    sent: list[str] = Field(description="the addresses the report was mailed to")
    failed: list[str] = Field(description="the addresses the mail server refused (the others got it)")
