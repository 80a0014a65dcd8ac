"""The permission matrix's snapshot (tests/permission_matrix.py) sees every kind of change a refused call could make:
a row changed in any column, a row added, a row removed; and nothing when nothing changed."""

from typing import Any

from sqlalchemy import text

from tests.permission_matrix import background_writers_paused, differences, snapshot


async def test_a_changed_added_or_removed_row_is_seen(app: Any, make_user: Any) -> None:
    async with background_writers_paused(app):  # as in the matrix: only this test's writes change rows
        await _each_change_is_seen(app, make_user)


async def _each_change_is_seen(app: Any, make_user: Any) -> None:
    user, _ = await make_user(3)
    first = await snapshot(app)
    assert differences(first, await snapshot(app)) == []

    async with app.state.db.sessions() as db:
        await db.execute(text("UPDATE users SET name = :name WHERE id = :id"), {"name": "Renamed", "id": user.id})
        await db.commit()
    renamed = await snapshot(app)
    assert differences(first, renamed) == ["users"]

    async with app.state.db.sessions() as db:  # the same name back: as it was
        await db.execute(text("UPDATE users SET name = :name WHERE id = :id"), {"name": user.name, "id": user.id})
        await db.commit()
    assert differences(first, await snapshot(app)) == []

    added, _ = await make_user(3)
    grown = await snapshot(app)
    assert "users" in differences(first, grown)

    async with app.state.db.sessions() as db:
        await db.execute(text("DELETE FROM user_roles WHERE user_id = :id"), {"id": added.id})
        await db.execute(text("DELETE FROM users WHERE id = :id"), {"id": added.id})
        await db.commit()
    assert "users" in differences(grown, await snapshot(app))
