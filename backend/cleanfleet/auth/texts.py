"""The refusals of the session calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

UNKNOWN_LANGUAGE = Text(
    "不支持该语言，可选：{languages}",
    "Unsupported language; choose one of {languages}",
    "Langue non prise en charge ; choisissez parmi {languages}",
    "지원하지 않는 언어입니다. 다음 중에서 선택하세요: {languages}",
    "Sprache nicht unterstützt; wählen Sie eine von {languages}",
    "Taal niet ondersteund; kies een van {languages}",
    "サポートされていない言語です。次から選んでください: {languages}",
    "Idioma no admitido; elija uno de {languages}",
    "لغة غير مدعومة؛ اختر إحدى {languages}",
)
OWN_LANGUAGE_ONLY = Text(
    "只能设置你自己的语言",
    "You can only set your own language",
    "Vous ne pouvez définir que votre propre langue",
    "자신의 언어만 설정할 수 있습니다",
    "Sie können nur Ihre eigene Sprache einstellen",
    "U kunt alleen uw eigen taal instellen",
    "設定できるのは自分の言語だけです",
    "Solo puede configurar su propio idioma",
    "يمكنك ضبط لغتك فقط",
)
