"""Property tests of the file name rules (product-spec 5: no spaces or special characters)."""

import string

from hypothesis import given
from hypothesis import strategies as st

from cleanfleet.storage import names

SAFE = string.ascii_letters + string.digits + "_-" + "文件手册データ파일"
safe_names = st.text(alphabet=SAFE, min_size=1, max_size=40)
specials = st.sampled_from(list(" \t\n/\\:*?\"<>|$&;#%'`!@^()[]{}+=,~"))


@given(safe_names, st.sampled_from(["", ".pdf", ".tar.gz", ".mp4"]))
def test_letters_digits_underscore_and_dash_with_an_extension_are_accepted(stem, ext):
    assert names.valid_name(stem + ext)


@given(safe_names, specials, safe_names)
def test_a_space_or_special_character_anywhere_is_refused(left, special, right):
    assert not names.valid_name(left + special + right)
    assert not names.valid_folder(left + special + right) or special == "/"


@given(st.text(max_size=200))
def test_an_accepted_name_cannot_leave_its_folder_or_hide(name):
    if names.valid_name(name):
        assert "/" not in name and "\\" not in name and ".." not in name
        assert not name.startswith(".") and not name.endswith(".")
        assert not any(ch.isspace() for ch in name) and len(name) <= names.MAX_NAME


@given(st.integers(min_value=1, max_value=2**31 - 1), st.lists(safe_names, max_size=8), safe_names)
def test_a_save_path_splits_back_into_its_parts(owner, segments, name):
    folder = "/".join(s[:64] for s in segments)
    if not names.valid_folder(folder):
        return
    assert names.split_save_path(names.save_path(owner, folder, name)) == (owner, folder, name)


@given(st.text(max_size=300))
def test_an_accepted_folder_has_no_dot_segments(folder):
    if names.valid_folder(folder):
        assert all(part not in (".", "..") and part for part in folder.split("/")) or folder == ""


@given(st.text(max_size=50))
def test_the_storage_extension_is_always_a_safe_key_part(name):
    ext = names.extension(name)
    assert ext == "bin" or (ext.isascii() and ext.isalnum() and ext == ext.lower() and 1 <= len(ext) <= 8)
