"""Request and answer shapes of the summary calls (/summary/*, /device/selectDeviceCount*)."""

from datetime import timedelta

from pydantic import BaseModel, Field, model_validator

from cleanfleet.core.bounds import Day, Id
from cleanfleet.core.db import utcnow


class TypeCount(BaseModel):
    typeId: int
    typeName: str
    total: int
    online: int


class OwnerCount(BaseModel):
    userId: int
    account: str
    userName: str
    total: int
    online: int


class CountryCount(BaseModel):
    countryCode: str = Field(description='ISO code; "other" for unlisted countries, "" when not located yet')
    country: str
    total: int
    online: int


class ProvinceCount(CountryCount):
    province: str


class CountOut(BaseModel):
    total: int
    online: int
    offline: int
    byType: list[dict[str, object]]
    byOwner: list[dict[str, object]]


class OnlineDay(BaseModel):
    date: str = Field(description="a day in the reader's time zone (the timezone header; UTC without it), YYYY-MM-DD")
    online: int = Field(description="devices online at some time that day")
    total: int = Field(description="devices in the fleet at the end of the day")
    rate: float = Field(description="online / total, 0 to 1")


class OnlineOut(BaseModel):
    total: int
    online: int
    offline: int
    onlineRate: float = Field(description="online / total, 0 to 1")
    byType: list[TypeCount]
    activeLastDay: int
    activeLastWeek: int
    activeLastMonth: int
    start: str
    end: str
    days: list[OnlineDay] = Field(description="each day from start to end (of deviceType when given)")


class DayCount(BaseModel):
    date: str
    added: int
    total: int


class ChartOut(BaseModel):
    start: str
    end: str
    days: list[DayCount]


class AllOut(BaseModel):
    total: int
    online: int
    offline: int
    byType: list[TypeCount]
    byOwner: list[OwnerCount] = Field(description="the 20 owners with the most devices")
    byCountry: list[CountryCount]


class ChartIn(BaseModel):
    """A chart's range; the service refuses one that runs backwards or is longer than a year."""

    userId: Id | None = None
    deviceType: Id | None = None
    startDate: Day | None = Field(default=None, description="default 29 days before endDate")
    endDate: Day | None = Field(default=None, description="default today (UTC)")

    @model_validator(mode="after")
    def _defaults(self) -> "ChartIn":
        self.endDate = self.endDate or utcnow().date()
        self.startDate = self.startDate or self.endDate - timedelta(days=29)
        return self
