"""Configuration parameters (page version/configure): keys and values of the fleet's settings.

Decisions where the spec is silent: a key is unique and holds letters, digits, dots, underscores and hyphens
(at most 64); a value at most 1,024 characters; a remark at most 255. ``/configure/add`` with an ``id`` changes
that parameter (the ``edit`` key): the spec has no edit call. Parameters are system-wide records: every holder
of the page key sees the one list.
"""

import re
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.machineversions import texts
from cleanfleet.machineversions.models import ConfigParameter
from cleanfleet.machineversions.schemas import ParameterIn

KEY_PATTERN = re.compile(r"[A-Za-z0-9._-]+")


def parameter_answer(parameter: ConfigParameter) -> dict[str, Any]:
    return {"id": parameter.id, "key": parameter.key, "value": parameter.value, "remark": parameter.remark,
            "updateTime": parameter.updated_at.isoformat()}


async def find_all(db: AsyncSession, key: str) -> list[dict[str, Any]]:
    query = select(ConfigParameter).order_by(ConfigParameter.key)
    if key:
        query = query.where(func.lower(ConfigParameter.key).like(f"%{key.lower()}%"))
    return [parameter_answer(p) for p in await db.scalars(query)]


async def get_parameter(db: AsyncSession, parameter_id: int) -> ConfigParameter:
    parameter = await db.get(ConfigParameter, parameter_id)
    if parameter is None:
        raise ApiError(Code.NOT_FOUND, texts.PARAMETER_NOT_FOUND, field="id", values={"id": parameter_id})
    return parameter


async def _key_free(db: AsyncSession, key: str, parameter_id: int | None) -> None:
    if not KEY_PATTERN.fullmatch(key):
        raise ApiError(Code.BAD_PARAMETER, texts.KEY_FORMAT, field="key")
    query = select(ConfigParameter.id).where(ConfigParameter.key == key)
    if parameter_id is not None:
        query = query.where(ConfigParameter.id != parameter_id)
    if await db.scalar(query.limit(1)) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.KEY_TAKEN, field="key", values={"key": key})


async def save(db: AsyncSession, caller: Caller, body: ParameterIn) -> ConfigParameter:
    """A new parameter, or (with ``id``) a change of that one; one commit."""
    parameter = await get_parameter(db, body.id) if body.id is not None else None
    await _key_free(db, body.key, body.id)
    now = utcnow()
    if parameter is None:
        parameter = ConfigParameter(user_id=caller.user_id, created_at=now)
        db.add(parameter)
    parameter.key, parameter.value, parameter.remark, parameter.updated_at = body.key, body.value, body.remark, now
    await db.commit()
    return parameter


async def delete(db: AsyncSession, parameter_id: int) -> None:
    await db.delete(await get_parameter(db, parameter_id))
    await db.commit()
