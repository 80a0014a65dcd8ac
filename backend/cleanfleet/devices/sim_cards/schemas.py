"""Request shape of the SIM card call (/device/getSimInfo)."""

from typing import Annotated

from pydantic import BaseModel, StringConstraints


class SimIn(BaseModel):
    cNo: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32)]
