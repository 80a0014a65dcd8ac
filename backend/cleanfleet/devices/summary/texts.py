"""Why a summary chart is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

START_AFTER_END = Text(
    "开始日期不能晚于结束日期", "The start date must not be after the end date",
    "La date de début ne doit pas être postérieure à la date de fin", "시작 날짜는 종료 날짜보다 늦을 수 없습니다",
    "Das Startdatum darf nicht nach dem Enddatum liegen", "De begindatum mag niet na de einddatum liggen",
    "開始日は終了日より後にできません", "La fecha de inicio no puede ser posterior a la de fin",
    "يجب ألا يكون تاريخ البدء بعد تاريخ الانتهاء")
RANGE_TOO_LONG = Text(
    "日期范围最多 {days} 天", "The date range is at most {days} days",
    "La période ne doit pas dépasser {days} jours", "날짜 범위는 최대 {days}일입니다",
    "Der Zeitraum umfasst höchstens {days} Tage", "De periode is maximaal {days} dagen",
    "日付の範囲は最大 {days} 日です", "El intervalo de fechas es de {days} días como máximo",
    "يجب ألا يتجاوز نطاق التاريخ {days} يومًا")
