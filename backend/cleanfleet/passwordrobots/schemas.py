"""Request and answer shapes of the password switch (/passwordRobots/*)."""

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id


class SwitchQuery(BaseModel):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")


class SwitchIn(BaseModel):
    userId: Id = Field(description="the user (tenant) whose switch changes: a user in the caller's subtree")
    allowed: bool = Field(description="may the robots of this user's subtree sign in to the broker by password")


class SwitchOut(BaseModel):
    userId: int
    own: bool = Field(description="this user's own switch")
    allowed: bool = Field(description="password robots allowed here: this user's switch and every one above it on")
    passwordRobots: int = Field(description="robots of the subtree that last signed in by password")
    certificateRobots: int = Field(description="robots of the subtree that last signed in by certificate")
    unknownRobots: int = Field(description="robots of the subtree not seen signing in since this was recorded")
