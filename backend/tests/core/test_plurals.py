"""Issue 48 item 8 on the server: counts follow each language's CLDR plural rules (ICU message format in a Text,
the categories from babel): "At least 1 character", "1 run on 1 day"; Arabic's six forms, Japanese's one. A Text
whose plural cases use other placeholders in one language fails at import, as any mismatch does."""

import pytest

from cleanfleet.core.texts import Text, plural_category
from cleanfleet.core.validation import TOO_FEW, TOO_LONG, TOO_SHORT
from cleanfleet.sites.reports.texts import LAYER_NOTE
from cleanfleet.sites.texts import OTHER_TASK_RAN

RUNS = Text("{n} 次", "{n, plural, =0 {no runs} one {# run} other {# runs}}", "{n, plural, one {# passage} other "
            "{# passages}}", "{n}회", "{n, plural, one {# Lauf} other {# Läufe}}", "{n, plural, one {# run} other "
            "{# runs}}", "{n, plural, other {#回}}", "{n, plural, one {# pasada} other {# pasadas}}",
            "{n, plural, zero {صفر} one {واحد} two {اثنان} few {# قليل} many {# كثير} other {# آخر}}")


def test_english_and_german_agree_with_the_number():
    assert [TOO_SHORT.render("en", {"min": n}) for n in (1, 2)] == ["At least 1 character", "At least 2 characters"]
    assert TOO_LONG.render("de", {"max": 1}) == "Höchstens 1 Zeichen"
    assert TOO_FEW.render("en", {"min": 1}) == "At least 1 item"
    assert TOO_FEW.render("de", {"min": 3}) == "Mindestens 3 Einträge"
    note = {"map": "M", "cleaned": "5 m²", "never": "0 m²"}
    assert LAYER_NOTE.render("en", {**note, "runs": 6, "days": 1}).startswith("Map M: 6 runs on 1 day;")
    assert OTHER_TASK_RAN.render("en", {"runs": 1, "task": "Mop"}).startswith("1 run of another task started")


def test_arabic_has_six_forms_and_japanese_one():
    assert [RUNS.render("ar", {"n": n}) for n in (0, 1, 2, 3, 11, 100)] == [
        "صفر", "واحد", "اثنان", "3 قليل", "11 كثير", "100 آخر"]
    assert [RUNS.render("ja", {"n": n}) for n in (0, 1, 2, 100)] == ["0回", "1回", "2回", "100回"]
    assert [plural_category("ja", n) for n in (0, 1, 2)] == ["other"] * 3
    assert [RUNS.render("en", {"n": n}) for n in (0, 1, 2)] == ["no runs", "1 run", "2 runs"]  # =0 first
    assert RUNS.render("fr", {"n": 0}) == "0 passage"  # French counts 0 as one
    assert TOO_SHORT.render("ar", {"min": 2}) == "حرفان على الأقل"


def test_a_count_that_is_not_a_number_reads_as_other_and_a_missing_one_stays_visible():
    assert RUNS.render("en", {"n": "120+"}) == "120+ runs"
    assert TOO_LONG.render("en", {}) == "At most {max} characters"


def test_a_plural_without_other_or_with_different_placeholders_fails_at_import():
    with pytest.raises(ValueError):
        Text(*["{n, plural, one {# x}}"] * 9)
    with pytest.raises(ValueError):
        Text("{n}", "{n, plural, one {# {thing}} other {# {thing}s}}", *["{n}"] * 7)
