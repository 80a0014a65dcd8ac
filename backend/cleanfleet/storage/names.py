"""The file name rules of product-spec 5 for object storage: no spaces and no special characters.

A name is letters (any script: a Chinese file name is a name), digits, ``_``, ``-`` and ``.``, at most 128
characters, neither starting nor ending with a dot and without ``..``. A folder (``targetPath``) is up to 8
segments of letters, digits, ``_`` and ``-`` joined by ``/`` (no dots, so no ``..``). A save path is
``<owner user id>/<folder>/<name>``: one user's "a.pdf" never overwrites another's, and the same save path
again overwrites (product-spec 5: "a same-named file overwrites the earlier one").
"""

import re

NAME = re.compile(r"^[\w\-]+(\.[\w\-]+)*$")  # dots only between parts: no leading, trailing or ".."
SEGMENT = re.compile(r"^[\w\-]{1,64}$")
MAX_NAME, MAX_SEGMENTS, MAX_FOLDER = 128, 8, 160


def _ascii_safe(text: str) -> bool:
    # \\w also takes a few Unicode marks and connector punctuation; keep to printable, non-space characters
    return all(ch.isprintable() and not ch.isspace() for ch in text)


def valid_name(name: str) -> bool:
    return len(name) <= MAX_NAME and _ascii_safe(name) and bool(NAME.fullmatch(name))


def valid_folder(folder: str) -> bool:
    if folder == "":
        return True
    parts = folder.split("/")
    return (len(folder) <= MAX_FOLDER and len(parts) <= MAX_SEGMENTS and _ascii_safe(folder)
            and all(SEGMENT.fullmatch(part) for part in parts))


def save_path(owner_user_id: int, folder: str, name: str) -> str:
    return "/".join(part for part in (str(owner_user_id), folder, name) if part)


def split_save_path(path: str) -> tuple[int, str, str] | None:
    """(owner id, folder, name) of a save path that follows the rules, else None."""
    owner, _, rest = path.partition("/")
    folder, _, name = rest.rpartition("/")
    if not owner.isdigit() or len(owner) > 10 or not valid_name(name) or not valid_folder(folder):
        return None
    return int(owner), folder, name


def extension(name: str) -> str:
    """The storage key's extension: the name's own when it is short lowercase ASCII, else ``bin``."""
    _, dot, ext = name.rpartition(".")
    ext = ext.lower()
    return ext if dot and re.fullmatch(r"[a-z0-9]{1,8}", ext) else "bin"
