"""The refusals of the lease calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

END_BEFORE_START = Text(
    "结束时间必须晚于开始时间",
    "The end time must be after the start time",
    "L'heure de fin doit être postérieure à l'heure de début",
    "종료 시간은 시작 시간 이후여야 합니다",
    "Das Ende muss nach dem Beginn liegen",
    "De eindtijd moet na de begintijd liggen",
    "終了時刻は開始時刻より後にしてください",
    "La hora de fin debe ser posterior a la de inicio",
    "يجب أن يكون وقت الانتهاء بعد وقت البدء")
ALREADY_LEASED = Text(
    "该设备已在租赁中（客户 {customer}），请先结束该租赁",
    "The device is already leased (customer {customer}); end that lease first",
    "L'appareil est déjà loué (client {customer}) ; mettez d'abord fin à cette location",
    "이 장치는 이미 임대 중입니다(고객 {customer}). 먼저 해당 임대를 종료하세요",
    "Das Gerät ist bereits vermietet (Kunde {customer}); beenden Sie zuerst diese Miete",
    "Het apparaat is al verhuurd (klant {customer}); beëindig eerst die huur",
    "この装置はすでにレンタル中です（顧客 {customer}）。先にそのレンタルを終了してください",
    "El dispositivo ya está alquilado (cliente {customer}); finalice primero ese alquiler",
    "الجهاز مؤجَّر بالفعل (العميل {customer})؛ أنهِ ذلك الإيجار أولًا")
HIRE_NOT_FOUND = Text(
    "租赁记录 {id} 不存在",
    "Lease {id} does not exist",
    "La location {id} n'existe pas",
    "임대 기록 {id}이(가) 없습니다",
    "Die Miete {id} existiert nicht",
    "Huur {id} bestaat niet",
    "レンタル {id} は存在しません",
    "El alquiler {id} no existe",
    "الإيجار {id} غير موجود")
LEASE_ENDED = Text(
    "该租赁已于 {at} 结束",
    "This lease already ended at {at}",
    "Cette location a déjà pris fin le {at}",
    "이 임대는 이미 {at}에 종료되었습니다",
    "Diese Miete endete bereits am {at}",
    "Deze huur is al beëindigd op {at}",
    "このレンタルは {at} にすでに終了しています",
    "Este alquiler ya terminó el {at}",
    "انتهى هذا الإيجار بالفعل في {at}")
