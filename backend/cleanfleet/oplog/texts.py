"""The refusals of the operation log calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

RANGE_REVERSED = Text(
    "开始时间不能晚于结束时间",
    "The start time cannot be after the end time",
    "L'heure de début ne peut pas être après l'heure de fin",
    "시작 시간은 종료 시간보다 늦을 수 없습니다",
    "Die Startzeit darf nicht nach der Endzeit liegen",
    "De begintijd mag niet na de eindtijd liggen",
    "開始時刻は終了時刻より後にできません",
    "La hora de inicio no puede ser posterior a la hora de fin",
    "لا يمكن أن يكون وقت البدء بعد وقت الانتهاء")
