from pydantic import BaseModel, Field


class UserTarget(BaseModel):
    userId: int | None = Field(default=None, description="a user in the caller's subtree; default the caller")


class CleanTokenOut(BaseModel):
    revoked: int


class CleanCacheOut(BaseModel):
    removed: dict[str, int]
    before: str
