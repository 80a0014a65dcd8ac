"""The refusals of the status monitoring calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

DAY_START_WINDOW = Text(
    "当天的起始时间必须在最近 36 小时内",
    "The start of the day must lie within the last 36 hours",
    "Le début de la journée doit se situer dans les 36 dernières heures",
    "하루의 시작 시각은 최근 36시간 이내여야 합니다",
    "Der Tagesbeginn muss innerhalb der letzten 36 Stunden liegen",
    "Het begin van de dag moet binnen de laatste 36 uur liggen",
    "1 日の開始時刻は直近 36 時間以内にしてください",
    "El inicio del día debe estar dentro de las últimas 36 horas",
    "يجب أن تكون بداية اليوم خلال آخر 36 ساعة")
