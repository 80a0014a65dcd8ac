"""Pydantic's refusals of a request body, as one sentence in the caller's language and the field concerned.

A validator of a domain that needs its own sentence raises ``TextError(SOME_TEXT, values)`` (a ValueError),
which comes out with that text; every other error is named by its pydantic type below.
"""

from collections.abc import Mapping
from typing import Any

from cleanfleet.core.texts import Text


class TextError(ValueError):
    """A validator's refusal with a translated reason."""

    def __init__(self, text: Text, values: Mapping[str, object] | None = None) -> None:
        self.text = text
        self.values = dict(values or {})
        super().__init__(text.render("en", self.values))


REQUIRED = Text("此项为必填项", "This field is required", "Ce champ est obligatoire", "필수 항목입니다",
                "Dieses Feld ist erforderlich", "Dit veld is verplicht", "この項目は必須です",
                "Este campo es obligatorio", "هذا الحقل مطلوب")
# counts in the CLDR plural forms of each language (core/texts.py): "At least 1 character", "2 characters"
TOO_LONG = Text("最多 {max} 个字符", "At most {max, plural, one {# character} other {# characters}}",
                "{max, plural, one {# caractère} other {# caractères}} au maximum",
                "최대 {max}자까지 입력할 수 있습니다", "Höchstens {max, plural, one {# Zeichen} other {# Zeichen}}",
                "Maximaal {max, plural, one {# teken} other {# tekens}}", "{max} 文字以内で入力してください",
                "Como máximo {max, plural, one {# carácter} other {# caracteres}}",
                "{max, plural, zero {لا أحرف} one {حرف واحد} two {حرفان} few {# أحرف} many {# حرفًا} other {# حرف}}"
                " كحد أقصى")
TOO_SHORT = Text("至少 {min} 个字符", "At least {min, plural, one {# character} other {# characters}}",
                 "Au moins {min, plural, one {# caractère} other {# caractères}}", "최소 {min}자 이상 입력하세요",
                 "Mindestens {min, plural, one {# Zeichen} other {# Zeichen}}",
                 "Minimaal {min, plural, one {# teken} other {# tekens}}", "{min} 文字以上で入力してください",
                 "Al menos {min, plural, one {# carácter} other {# caracteres}}",
                 "{min, plural, zero {لا أحرف} one {حرف واحد} two {حرفان} few {# أحرف} many {# حرفًا} other {# حرف}}"
                 " على الأقل")
TOO_MANY = Text("最多 {max} 项", "At most {max, plural, one {# item} other {# items}}",
                "{max, plural, one {# élément} other {# éléments}} au maximum", "최대 {max}개까지 가능합니다",
                "Höchstens {max, plural, one {# Eintrag} other {# Einträge}}",
                "Maximaal {max, plural, one {# item} other {# items}}", "{max} 件以内にしてください",
                "Como máximo {max, plural, one {# elemento} other {# elementos}}",
                "{max, plural, zero {لا عناصر} one {عنصر واحد} two {عنصران} few {# عناصر} many {# عنصرًا}"
                " other {# عنصر}} كحد أقصى")
TOO_FEW = Text("至少 {min} 项", "At least {min, plural, one {# item} other {# items}}",
               "Au moins {min, plural, one {# élément} other {# éléments}}", "최소 {min}개가 필요합니다",
               "Mindestens {min, plural, one {# Eintrag} other {# Einträge}}",
               "Minimaal {min, plural, one {# item} other {# items}}", "{min} 件以上必要です",
               "Al menos {min, plural, one {# elemento} other {# elementos}}",
               "{min, plural, zero {لا عناصر} one {عنصر واحد} two {عنصران} few {# عناصر} many {# عنصرًا}"
               " other {# عنصر}} على الأقل")
AT_LEAST = Text("不能小于 {limit}", "Must be at least {limit}", "Doit être au moins {limit}",
                "{limit} 이상이어야 합니다", "Muss mindestens {limit} sein", "Moet minimaal {limit} zijn",
                "{limit} 以上にしてください", "Debe ser al menos {limit}", "يجب ألا يقل عن {limit}")
AT_MOST = Text("不能大于 {limit}", "Must be at most {limit}", "Doit être au plus {limit}",
               "{limit} 이하여야 합니다", "Darf höchstens {limit} sein", "Mag maximaal {limit} zijn",
               "{limit} 以下にしてください", "Debe ser como máximo {limit}", "يجب ألا يزيد عن {limit}")
ABOVE = Text("必须大于 {limit}", "Must be greater than {limit}", "Doit être supérieur à {limit}",
             "{limit}보다 커야 합니다", "Muss größer als {limit} sein", "Moet groter zijn dan {limit}",
             "{limit} より大きくしてください", "Debe ser mayor que {limit}", "يجب أن يكون أكبر من {limit}")
BELOW = Text("必须小于 {limit}", "Must be less than {limit}", "Doit être inférieur à {limit}",
             "{limit}보다 작아야 합니다", "Muss kleiner als {limit} sein", "Moet kleiner zijn dan {limit}",
             "{limit} より小さくしてください", "Debe ser menor que {limit}", "يجب أن يكون أقل من {limit}")
NOT_INTEGER = Text("必须是整数", "Must be a whole number", "Doit être un nombre entier", "정수여야 합니다",
                   "Muss eine ganze Zahl sein", "Moet een geheel getal zijn", "整数で入力してください",
                   "Debe ser un número entero", "يجب أن يكون عددًا صحيحًا")
NOT_NUMBER = Text("必须是数字", "Must be a number", "Doit être un nombre", "숫자여야 합니다", "Muss eine Zahl sein",
                  "Moet een getal zijn", "数値で入力してください", "Debe ser un número", "يجب أن يكون رقمًا")
NOT_BOOLEAN = Text("必须是 true 或 false", "Must be true or false", "Doit être true ou false",
                   "true 또는 false여야 합니다", "Muss true oder false sein", "Moet true of false zijn",
                   "true または false にしてください", "Debe ser true o false", "يجب أن يكون true أو false")
NOT_TEXT = Text("必须是文本", "Must be text", "Doit être du texte", "텍스트여야 합니다", "Muss ein Text sein",
                "Moet tekst zijn", "文字列で入力してください", "Debe ser texto", "يجب أن يكون نصًا")
NOT_LIST = Text("必须是列表", "Must be a list", "Doit être une liste", "목록이어야 합니다", "Muss eine Liste sein",
                "Moet een lijst zijn", "リストで指定してください", "Debe ser una lista", "يجب أن يكون قائمة")
NOT_OBJECT = Text("必须是对象", "Must be an object", "Doit être un objet", "객체여야 합니다", "Muss ein Objekt sein",
                  "Moet een object zijn", "オブジェクトで指定してください", "Debe ser un objeto", "يجب أن يكون كائنًا")
ONE_OF = Text("必须是以下之一：{expected}", "Must be one of: {expected}", "Doit être l'une de ces valeurs : {expected}",
              "다음 중 하나여야 합니다: {expected}", "Muss einer dieser Werte sein: {expected}",
              "Moet een van deze zijn: {expected}", "次のいずれかにしてください: {expected}",
              "Debe ser uno de: {expected}", "يجب أن يكون أحد القيم: {expected}")
BAD_DATE = Text("日期或时间格式不正确", "Not a valid date or time", "Date ou heure invalide",
                "날짜 또는 시간 형식이 올바르지 않습니다", "Kein gültiges Datum bzw. keine gültige Uhrzeit",
                "Geen geldige datum of tijd", "日付または時刻の形式が正しくありません", "Fecha u hora no válida",
                "تاريخ أو وقت غير صالح")
BAD_JSON = Text("请求体不是有效的 JSON", "The request body is not valid JSON",
                "Le corps de la requête n'est pas un JSON valide",
                "요청 본문이 올바른 JSON이 아닙니다", "Der Anfragetext ist kein gültiges JSON",
                "De inhoud van het verzoek is geen geldige JSON", "リクエスト本文が正しい JSON ではありません",
                "El cuerpo de la solicitud no es un JSON válido", "نص الطلب ليس JSON صالحًا")
UNREADABLE = Text("请求体无法解析", "The request body cannot be read", "Le corps de la requête est illisible",
                  "요청 본문을 읽을 수 없습니다", "Der Anfragetext kann nicht gelesen werden",
                  "De inhoud van het verzoek kan niet worden gelezen", "リクエスト本文を解析できません",
                  "No se puede leer el cuerpo de la solicitud", "تعذرت قراءة نص الطلب")
NO_NUL = Text("不能包含空字符", "Must not contain a NUL character", "Ne doit pas contenir de caractère NUL",
              "NUL 문자를 포함할 수 없습니다", "Darf kein NUL-Zeichen enthalten", "Mag geen NUL-teken bevatten",
              "NUL 文字は使用できません", "No debe contener el carácter NUL", "يجب ألا يحتوي على الحرف NUL")
BAD_FORMAT = Text("格式不正确", "Not in the expected format", "Format incorrect", "형식이 올바르지 않습니다",
                  "Nicht im erwarteten Format", "Niet in de verwachte vorm", "形式が正しくありません",
                  "Formato incorrecto", "التنسيق غير صحيح")
LETTERS_AND_DIGITS = Text(
    "只能包含英文字母和数字",
    "Only English letters and digits",
    "Uniquement des lettres latines et des chiffres",
    "영문자와 숫자만 사용할 수 있습니다",
    "Nur lateinische Buchstaben und Ziffern",
    "Alleen Latijnse letters en cijfers",
    "英字と数字のみ使用できます",
    "Solo letras latinas y dígitos",
    "أحرف إنجليزية وأرقام فقط",
)
# a pattern of a request field with a sentence of its own (other patterns answer BAD_FORMAT)
LETTERS_AND_DIGITS_PATTERN = r"^[A-Za-z0-9]+$"
_BY_PATTERN: Mapping[str, Text] = {LETTERS_AND_DIGITS_PATTERN: LETTERS_AND_DIGITS}
OUT_OF_TIME_RANGE = Text(
    "时间必须在 {earliest} 到 {latest}（UTC）之间",
    "Must be between {earliest} and {latest} (UTC)",
    "Doit être entre le {earliest} et le {latest} (UTC)",
    "{earliest}부터 {latest}(UTC) 사이여야 합니다",
    "Muss zwischen {earliest} und {latest} (UTC) liegen",
    "Moet tussen {earliest} en {latest} (UTC) liggen",
    "{earliest} から {latest}（UTC）の間にしてください",
    "Debe estar entre {earliest} y {latest} (UTC)",
    "يجب أن يكون بين {earliest} و{latest} (UTC)",
)
INVALID = Text("值无效", "Invalid value", "Valeur invalide", "잘못된 값입니다", "Ungültiger Wert", "Ongeldige waarde",
               "値が不正です", "Valor no válido", "قيمة غير صالحة")

_BY_TYPE: Mapping[str, Text] = {
    "missing": REQUIRED, "string_too_long": TOO_LONG, "string_too_short": TOO_SHORT, "too_long": TOO_MANY,
    "too_short": TOO_FEW, "greater_than_equal": AT_LEAST, "less_than_equal": AT_MOST, "greater_than": ABOVE,
    "less_than": BELOW, "int_parsing": NOT_INTEGER, "int_type": NOT_INTEGER, "int_from_float": NOT_INTEGER,
    "float_parsing": NOT_NUMBER, "float_type": NOT_NUMBER, "decimal_parsing": NOT_NUMBER,
    "bool_parsing": NOT_BOOLEAN, "bool_type": NOT_BOOLEAN, "string_type": NOT_TEXT, "list_type": NOT_LIST,
    "model_type": NOT_OBJECT, "dict_type": NOT_OBJECT, "model_attributes_type": NOT_OBJECT,
    "literal_error": ONE_OF, "string_pattern_mismatch": BAD_FORMAT, "enum": ONE_OF, "json_invalid": BAD_JSON,
    "datetime_parsing": BAD_DATE, "datetime_from_date_parsing": BAD_DATE, "date_parsing": BAD_DATE,
    "date_from_datetime_parsing": BAD_DATE, "time_parsing": BAD_DATE, "datetime_type": BAD_DATE,
}


def field_of(error: Mapping[str, Any]) -> str:
    loc = [str(part) for part in error.get("loc", ()) if part not in ("body", "query", "header")]
    return ".".join(loc) or "body"


def reason_of(error: Mapping[str, Any]) -> tuple[Text, dict[str, object]]:
    """The sentence for one pydantic error and the values it shows."""
    ctx = dict(error.get("ctx") or {})
    cause = ctx.get("error")
    if isinstance(cause, TextError):
        return cause.text, cause.values
    kind = str(error.get("type", ""))
    text = _BY_TYPE.get(kind, INVALID)
    if kind == "string_pattern_mismatch":
        text = _BY_PATTERN.get(str(ctx.get("pattern")), BAD_FORMAT)
    if "NUL" in str(error.get("msg", "")):
        return NO_NUL, {}
    values: dict[str, object] = {}
    if "max_length" in ctx:
        values["max"] = ctx["max_length"]
    if "min_length" in ctx:
        values["min"] = ctx["min_length"]
    for bound in ("ge", "le", "gt", "lt"):
        if bound in ctx:
            values["limit"] = ctx[bound]
    if "expected" in ctx:
        values["expected"] = str(ctx["expected"]).replace("'", "")
    return text, values
