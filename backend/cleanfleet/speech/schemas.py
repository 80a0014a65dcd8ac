"""Shapes of the text to speech call (/tencent/ttsUrl, form-encoded)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.speech.engines import MAX_CONTENT


class SpeechIn(BaseModel):
    token: Annotated[str, StringConstraints(strip_whitespace=True, max_length=512)] | None = Field(
        default=None, description="the login token (the console sends it in the form; a Bearer header works too)")
    content: Annotated[str, StringConstraints(max_length=MAX_CONTENT)] = Field(description="the text to read out")
    language: Annotated[str, StringConstraints(strip_whitespace=True, max_length=16)] | None = Field(
        default=None, description="zh-CN, en, fr, ko, de, nl, ja, es or ar (zh, en-US, en-GB too); default the "
                                  "caller's language")
