"""Texts the server writes for a user (a refusal's reason), in the console's nine languages.

A domain keeps its texts in its own ``texts.py`` as module constants::

    NAME_TAKEN = Text("名称 {name} 已被使用", "The name {name} is already taken", ...)  # LANGUAGES order

and raises ``ApiError(Code.ALREADY_EXISTS, NAME_TAKEN, field="name", values={"name": name})``. Values are
rendered for the caller: a datetime in the caller's time zone (the ``timezone`` header the console sends,
else UTC, then marked "UTC"), numbers and names as they are. Every text is checked when it is defined: all
nine languages present and the same ``{placeholders}`` in each, so a missing translation fails at import.

**Counts** follow the CLDR plural rules of each language (ICU message format, the rules from ``babel``): a count
is written ``{n, plural, one {# run} other {# runs}}`` (``#`` is the number; exact cases ``=0 {…}`` first; the
categories zero, one, two, few, many, other as the language has them: Arabic all six, Chinese, Japanese and
Korean only ``other``). The console does the same with i18next's plural keys (web/src/i18n/locale-texts.ts).

**Stored texts** (issue 48 item 7): what the server writes for a person to read later (a message, a notice) keeps
no language: it keeps the text's key and its values (``stored``), and renders them in the reader's language when
read (``render_stored``). A domain's texts module registers its ``Text`` constants once (``register("sites",
globals())`` at its end), so a key ``sites.MISSED_TITLE`` maps back to its Text; a key whose module was not
imported yet is looked up in ``cleanfleet.<namespace>.texts``.
"""

import importlib
import json
import re
import string
from collections.abc import Mapping
from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale

from cleanfleet.core.i18n import DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES

_PLURAL_START = re.compile(r"\{(\w+),\s*plural,")
_CASE = re.compile(r"\s*(=\d+|zero|one|two|few|many|other)\s*\{")
CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def _plural_blocks(template: str) -> list[tuple[int, int, str, dict[str, str]]]:
    """Each ``{name, plural, case {…} …}`` of ``template``: its start, end, argument and cases (text by case)."""
    blocks = []
    position = 0
    while (found := _PLURAL_START.search(template, position)) is not None:
        cases: dict[str, str] = {}
        at = found.end()
        while (case := _CASE.match(template, at)) is not None:
            depth, end = 1, case.end()
            while depth:
                if end >= len(template):
                    raise ValueError(f"an unclosed plural case in {template!r}")
                depth += {"{": 1, "}": -1}.get(template[end], 0)
                end += 1
            cases[case.group(1)] = template[case.end():end - 1]
            at = end
        close = template.find("}", at)
        if "other" not in cases or template[at:close].strip() or close < 0:
            raise ValueError(f"a plural needs an ``other`` case and only cases: {template!r}")
        blocks.append((found.start(), close + 1, found.group(1), cases))
        position = close + 1
    return blocks


def _placeholders(template: str) -> frozenset[str]:
    names: set[str] = set()
    rest, cut = template, 0
    for start, end, argument, cases in _plural_blocks(template):
        names.add(argument)
        for text in cases.values():
            names |= _placeholders(text.replace("#", ""))
        rest = rest[:start - cut] + rest[end - cut:]
        cut += end - start
    return frozenset(names) | frozenset(name for _, name, _, _ in string.Formatter().parse(rest) if name)


@lru_cache(maxsize=16)
def _locale(language: str) -> Locale:
    return Locale.parse(language.replace("-", "_"))


def plural_category(language: str | None, count: object) -> str:
    """The CLDR plural category of ``count`` in ``language`` (one of ``CATEGORIES``)."""
    try:
        number = float(count) if not isinstance(count, (int, float)) else count  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "other"
    if isinstance(number, float) and number.is_integer():
        number = int(number)
    return str(_locale(language or DEFAULT_LANGUAGE).plural_form(abs(number)))


def _choose_plurals(template: str, language: str | None, values: Mapping[str, object],
                    shown: Mapping[str, str]) -> str:
    """``template`` with each plural block replaced by its case for the count (``#``: the count as shown)."""
    for start, end, argument, cases in reversed(_plural_blocks(template)):
        count = values.get(argument)
        if count is None:  # no count given: the placeholder stays visible, as any missing value does
            template = template[:start] + cases["other"].replace("#", "{" + argument + "}") + template[end:]
            continue
        exact = f"={count}" if isinstance(count, int) else None
        case = cases.get(exact or "") or cases.get(plural_category(language, count)) or cases["other"]
        template = template[:start] + case.replace("#", shown.get(argument, str(count))) + template[end:]
    return template


class Text:
    """One sentence in the nine languages of ``LANGUAGES``, given in that order."""

    __slots__ = ("by_language",)

    def __init__(self, *texts: str) -> None:
        if len(texts) != len(LANGUAGES) or not all(isinstance(t, str) and t.strip() for t in texts):
            raise ValueError(f"a Text needs {len(LANGUAGES)} non-empty translations in the order {LANGUAGES}")
        names = {_placeholders(t) for t in texts}
        if len(names) != 1:
            raise ValueError(f"the translations of {texts[1]!r} do not use the same placeholders: {names}")
        self.by_language: Mapping[str, str] = dict(zip(LANGUAGES, texts, strict=True))

    @property
    def placeholders(self) -> frozenset[str]:
        return _placeholders(self.by_language[FALLBACK_LANGUAGE])

    def render(self, language: str | None, values: Mapping[str, object] | None = None,
               zone: tzinfo | None = None) -> str:
        template = self.by_language.get(language or DEFAULT_LANGUAGE) or self.by_language[FALLBACK_LANGUAGE]
        if not values and "plural," not in template:
            return template
        values = values or {}
        # a value that is itself a Text (a field's name) is shown in the same language
        shown = {name: value.render(language) if isinstance(value, Text) else render_value(value, zone)
                 for name, value in values.items()}
        if "plural," in template:
            template = _choose_plurals(template, language, values, shown)
        return template.format_map(_Missing(shown))

    def __repr__(self) -> str:
        return f"Text({self.by_language[FALLBACK_LANGUAGE]!r})"


# --- the registry of stored texts: a key (``sites.MISSED_TITLE``) back to its Text ---------------------------------

_REGISTRY: dict[str, Text] = {}
_KEYS: dict[int, str] = {}
TEXT_VALUE = "@text"  # a stored value that is itself a text: {"@text": key, "values": {...}}
TIME_VALUE = "@time"  # a stored moment (ISO 8601), shown in the reader's time zone


def register(namespace: str, found: Mapping[str, Any]) -> None:
    """Registers the upper-case ``Text`` constants of a texts module (``register("sites", globals())``) as
    ``<namespace>.<NAME>``; a Text in a dictionary constant as ``<namespace>.<NAME>.<key>``."""
    for name, value in list(found.items()):
        if not name.isupper():
            continue
        items = [(name, value)] if isinstance(value, Text) else \
            [(f"{name}.{key}", text) for key, text in value.items() if isinstance(text, Text)] \
            if isinstance(value, Mapping) else []
        for key, text in items:
            _REGISTRY[f"{namespace}.{key}"] = text
            _KEYS.setdefault(id(text), f"{namespace}.{key}")


def text_key(text: Text) -> str:
    """The stored key of a registered Text (ValueError when its module did not register it)."""
    try:
        return _KEYS[id(text)]
    except KeyError:
        raise ValueError(f"{text!r} is not registered: call core.texts.register in its module") from None


def text_of(key: str) -> Text | None:
    """The Text a stored key names, or None (a text removed since, or not a key)."""
    if key not in _REGISTRY and "." in key:
        namespace = key.split(".", 1)[0]
        if namespace.isidentifier():
            try:
                importlib.import_module(f"cleanfleet.{namespace}.texts")
            except ImportError:
                return None
    return _REGISTRY.get(key)


def stored_values(values: Mapping[str, object]) -> dict[str, Any]:
    """``values`` as JSON a record keeps: a Text as its key, a moment as ISO text, the rest as they are."""
    kept: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, Text):
            kept[name] = {TEXT_VALUE: text_key(value)}
        elif isinstance(value, datetime):
            kept[name] = {TIME_VALUE: (value if value.tzinfo else value.replace(tzinfo=UTC)).isoformat()}
        elif isinstance(value, (tuple, set, frozenset)):
            kept[name] = list(value)
        else:
            kept[name] = value
    return kept


def stored(text: Text, values: Mapping[str, object] | None = None) -> dict[str, Any]:
    """What a record keeps of a sentence: ``{"@text": key, "values": {...}}`` (no language)."""
    return {TEXT_VALUE: text_key(text), "values": stored_values(values or {})}


def _shown_values(values: Mapping[str, Any], language: str | None, zone: tzinfo | None) -> dict[str, object]:
    shown: dict[str, object] = {}
    for name, value in values.items():
        if isinstance(value, Mapping) and TEXT_VALUE in value:
            nested = text_of(str(value[TEXT_VALUE]))
            shown[name] = nested.render(language, _shown_values(value.get("values") or {}, language, zone), zone) \
                if nested is not None else ""
        elif isinstance(value, Mapping) and TIME_VALUE in value:
            try:
                shown[name] = datetime.fromisoformat(str(value[TIME_VALUE]))
            except ValueError:
                shown[name] = str(value[TIME_VALUE])
        else:
            shown[name] = value
    return shown


def render_stored(key: str | None, values: Mapping[str, Any] | None, language: str | None,
                  zone: tzinfo | None = None) -> str | None:
    """A stored sentence (its key and stored values) in ``language``; None when the key names no Text (the
    record's own text is shown then)."""
    text = text_of(key) if key else None
    if text is None:
        return None
    return text.render(language, _shown_values(values or {}, language, zone), zone)


class _Missing(dict[str, str]):
    """A placeholder without a value stays visible instead of failing the whole answer."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render_value(value: object, zone: tzinfo | None) -> str:
    if isinstance(value, datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=UTC)
        local = moment.astimezone(zone or UTC)
        shown = local.strftime("%Y-%m-%d %H:%M")
        return shown if zone is not None else f"{shown} UTC"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))  # a bound of 100000.0 reads 100000
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(render_value(item, zone) for item in value)
    return str(value)


def time_zone(name: str | None) -> tzinfo | None:
    """The IANA zone a caller names (``Asia/Shanghai``), or None when absent or unknown."""
    if not name or len(name) > 64:
        return None
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        return None


# --- core's own refusals (the signature, the session, permission keys, unknown paths) ---------------------------

LACKS_KEYS = Text("你没有所需的权限：{keys}", "You do not hold the permission {keys}",
                  "Vous n'avez pas l'autorisation {keys}", "{keys} 권한이 없습니다",
                  "Ihnen fehlt die Berechtigung {keys}", "U hebt de machtiging {keys} niet",
                  "権限 {keys} がありません", "No tiene el permiso {keys}", "ليس لديك الصلاحية {keys}")
LACKS_ANY_KEY = Text("你没有以下任一权限：{keys}", "You hold none of the permissions {keys}",
                     "Vous n'avez aucune des autorisations {keys}", "다음 권한이 하나도 없습니다: {keys}",
                     "Ihnen fehlt jede der Berechtigungen {keys}", "U hebt geen van de machtigingen {keys}",
                     "次の権限をいずれも持っていません: {keys}", "No tiene ninguno de los permisos {keys}",
                     "ليس لديك أي من الصلاحيات {keys}")
NOT_SIGNED_IN = Text("请先登录", "Please sign in first", "Veuillez d'abord vous connecter", "먼저 로그인하세요",
                     "Bitte melden Sie sich zuerst an", "Meld u eerst aan", "先にログインしてください",
                     "Inicie sesión primero", "يرجى تسجيل الدخول أولاً")
SIGN_MISSING = Text("请求缺少签名", "The request is not signed", "La requête n'est pas signée",
                    "요청에 서명이 없습니다", "Die Anfrage ist nicht signiert", "Het verzoek is niet ondertekend",
                    "リクエストに署名がありません", "La solicitud no está firmada", "الطلب غير موقّع")
SIGN_INVALID = Text("请求签名无效", "The request's signature is invalid", "La signature de la requête est invalide",
                    "요청 서명이 올바르지 않습니다", "Die Signatur der Anfrage ist ungültig",
                    "De handtekening van het verzoek is ongeldig", "リクエストの署名が無効です",
                    "La firma de la solicitud no es válida", "توقيع الطلب غير صالح")
SIGN_CLOCK = Text("请求签名已过期，请检查本机时间", "The request's signature has expired: check this computer's clock",
                  "La signature de la requête a expiré : vérifiez l'horloge de cet ordinateur",
                  "요청 서명이 만료되었습니다. 이 컴퓨터의 시계를 확인하세요",
                  "Die Signatur der Anfrage ist abgelaufen: Prüfen Sie die Uhr dieses Computers",
                  "De handtekening van het verzoek is verlopen: controleer de klok van deze computer",
                  "リクエストの署名の有効期限が切れています。このコンピューターの時刻を確認してください",
                  "La firma de la solicitud ha caducado: compruebe el reloj de este equipo",
                  "انتهت صلاحية توقيع الطلب: تحقق من ساعة هذا الجهاز")
PATH_NOT_FOUND = Text("接口 {path} 不存在", "There is no {path} on this server", "{path} n'existe pas sur ce serveur",
                      "이 서버에 {path}이(가) 없습니다", "{path} gibt es auf diesem Server nicht",
                      "{path} bestaat niet op deze server", "このサーバーに {path} はありません",
                      "{path} no existe en este servidor", "{path} غير موجود على هذا الخادم")
BODY_OVER_LIMIT = Text("请求体超过 {limit} 字节的上限", "The request body is over the limit of {limit} bytes",
                       "Le corps de la requête dépasse la limite de {limit} octets",
                       "요청 본문이 {limit}바이트 제한을 넘었습니다",
                       "Der Anfragetext überschreitet die Grenze von {limit} Byte",
                       "De inhoud van het verzoek is groter dan de limiet van {limit} bytes",
                       "リクエスト本文が上限の {limit} バイトを超えています",
                       "El cuerpo de la solicitud supera el límite de {limit} bytes",
                       "نص الطلب يتجاوز الحد البالغ {limit} بايت")

# core/errors.py: an edit whose record another call deleted between the edit's read and its write (issue 45 item 4)
RECORD_GONE = Text(
    "该记录已不存在：它刚刚被删除",
    "This record no longer exists: it was deleted meanwhile",
    "Cet enregistrement n'existe plus : il vient d'être supprimé",
    "이 기록은 더 이상 없습니다. 방금 삭제되었습니다",
    "Dieser Datensatz existiert nicht mehr: er wurde inzwischen gelöscht",
    "Dit record bestaat niet meer: het is intussen verwijderd",
    "このレコードはもうありません。直前に削除されました",
    "Este registro ya no existe: se eliminó mientras tanto",
    "لم يعد هذا السجل موجودًا: فقد حُذف في هذه الأثناء",
)

# The user tree (core/scope.py refuses a user outside the caller's subtree)
USER_NOT_FOUND = Text(
    "用户 {id} 不存在",
    "User {id} does not exist",
    "L'utilisateur {id} n'existe pas",
    "사용자 {id}이(가) 없습니다",
    "Benutzer {id} existiert nicht",
    "Gebruiker {id} bestaat niet",
    "ユーザー {id} は存在しません",
    "El usuario {id} no existe",
    "المستخدم {id} غير موجود",
)

USER_ABOVE_YOU = Text(
    "用户 {id} 是你的上级用户",
    "User {id} is above you in the user tree",
    "L'utilisateur {id} est au-dessus de vous dans l'arborescence",
    "사용자 {id}은(는) 사용자 트리에서 당신의 상위 사용자입니다",
    "Benutzer {id} steht im Benutzerbaum über Ihnen",
    "Gebruiker {id} staat boven u in de gebruikersboom",
    "ユーザー {id} はユーザーツリーであなたの上位です",
    "El usuario {id} está por encima de usted en el árbol de usuarios",
    "المستخدم {id} أعلى منك في شجرة المستخدمين",
)

# core/heavy.py: an upload's unpacking refused over the per-caller or the server's limit
BUSY_UNPACKING = Text(
    "服务器正在处理其他上传的文件，请稍后再试",
    "The server is busy with other uploaded files: try again in a moment",
    "Le serveur traite d'autres fichiers envoyés : réessayez dans un instant",
    "서버가 다른 업로드 파일을 처리하는 중입니다. 잠시 후 다시 시도하세요",
    "Der Server verarbeitet gerade andere hochgeladene Dateien: bitte gleich noch einmal versuchen",
    "De server verwerkt andere geüploade bestanden: probeer het zo opnieuw",
    "サーバーは他のアップロードファイルを処理中です。しばらくしてからもう一度お試しください",
    "El servidor está procesando otros archivos subidos: inténtelo de nuevo en un momento",
    "الخادم مشغول بملفات مرفوعة أخرى: حاول مرة أخرى بعد قليل",
)

# core/ranges.py: a date or time range filter (product-spec 5)
START_AFTER_END = Text(
    "开始时间不能晚于结束时间", "The start must not be after the end", "Le début ne doit pas être après la fin",
    "시작은 종료보다 늦을 수 없습니다", "Der Beginn darf nicht nach dem Ende liegen",
    "Het begin mag niet na het einde liggen", "開始は終了より後にできません",
    "El inicio no puede ser posterior al fin", "يجب ألا تكون البداية بعد النهاية",
)
START_IN_FUTURE = Text(
    "开始时间不能晚于今天", "The start must not be after today", "Le début ne doit pas être après aujourd'hui",
    "시작은 오늘보다 늦을 수 없습니다", "Der Beginn darf nicht nach heute liegen",
    "Het begin mag niet na vandaag liggen", "開始は今日より後にできません",
    "El inicio no puede ser posterior a hoy", "يجب ألا تكون البداية بعد اليوم",
)
RANGE_TOO_LONG = Text(
    "开始须在结束前 {days} 天之内", "The start must be within {days} days of the end",
    "Le début doit être à moins de {days} jours de la fin", "시작은 종료로부터 {days}일 이내여야 합니다",
    "Der Beginn muss höchstens {days} Tage vor dem Ende liegen",
    "Het begin moet binnen {days} dagen voor het einde liggen", "開始は終了から {days} 日以内にしてください",
    "El inicio debe estar a {days} días o menos del fin", "يجب أن تكون البداية في حدود {days} أيام من النهاية",
)


# --- reasons kept on a record (a failed upload, a failed map sync) and translated when read ---

def store_reason(reasons: Mapping[str, Text], reason: Text, values: Mapping[str, object] | None = None) -> str:
    """``@NAME`` (the reason's key in ``reasons``), then its values as JSON: a record keeps no language."""
    name = next(key for key, text in reasons.items() if text is reason)
    return f"@{name}" + (f" {json.dumps(dict(values), separators=(',', ':'))}" if values else "")


def show_reason(reasons: Mapping[str, Text], stored: str, language: str | None) -> str | None:
    """A stored reason in ``language``; None when ``stored`` is not one of ``reasons`` (a robot's own words)."""
    name, _, rest = stored[1:].partition(" ")
    text = reasons.get(name) if stored.startswith("@") else None
    if text is None:
        return None
    try:
        values = json.loads(rest) if rest else {}
    except ValueError:
        values = {}
    return text.render(language, values if isinstance(values, dict) else {})
