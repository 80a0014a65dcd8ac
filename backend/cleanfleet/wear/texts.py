"""The wear forecast's texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): its refusals and the
notice a part coming due sends its robot's owner (message centre and channels)."""

from cleanfleet.core.texts import Text, register

SITE_NOT_FOUND = Text(
    "站点 {siteId} 不存在", "Site {siteId} does not exist", "Le site {siteId} n'existe pas",
    "사이트 {siteId}이(가) 없습니다", "Standort {siteId} existiert nicht", "Locatie {siteId} bestaat niet",
    "サイト {siteId} は存在しません", "El sitio {siteId} no existe", "الموقع {siteId} غير موجود")

DUE_TITLE = Text(
    "{device}：{part} 预计于 {day} 到期", "{device}: {part} due around {day}",
    "{device} : {part} à échéance vers le {day}", "{device}: {part} {day}경 교체 예정",
    "{device}: {part} fällig um den {day}", "{device}: {part} rond {day} aan de beurt",
    "{device}：{part} は {day} 頃に期限", "{device}: {part} vence hacia el {day}", "{device}: {part} مستحق نحو {day}")
DUE_CONTENT = Text(
    "设备 {device}（{serial}）的 {part} 按实际使用预计于 {day} 到期（{earliest} 至 {latest}），请提前准备更换或保养。",
    "At its measured use, {part} of {device} ({serial}) is forecast to be due on {day} ({earliest} to {latest}): "
    "order or plan it now.",
    "Au rythme mesuré, {part} de {device} ({serial}) arrivera à échéance le {day} ({earliest} au {latest}) : "
    "commandez-le ou planifiez-le maintenant.",
    "측정된 사용량 기준 {device}({serial})의 {part}은(는) {day}에 만료될 예정입니다({earliest}~{latest}). "
    "지금 주문하거나 계획하세요.",
    "Bei der gemessenen Nutzung ist {part} von {device} ({serial}) voraussichtlich am {day} fällig "
    "({earliest} bis {latest}): jetzt bestellen oder einplanen.",
    "Bij het gemeten gebruik is {part} van {device} ({serial}) naar verwachting op {day} aan de beurt "
    "({earliest} tot {latest}): bestel of plan het nu.",
    "実際の稼働から、{device}（{serial}）の {part} は {day} に期限の見込みです（{earliest}〜{latest}）。"
    "今のうちに手配してください。",
    "Según el uso medido, {part} de {device} ({serial}) vencerá el {day} ({earliest} a {latest}): "
    "pídalo o prográmelo ya.",
    "وفق الاستخدام المقاس، من المتوقع أن يستحق {part} في {device} ({serial}) في {day} (من {earliest} إلى {latest}): "
    "اطلبه أو خطط له الآن.")
OPEN_ENDED = Text("不定", "open", "indéterminé", "미정", "offen", "open", "未定", "abierto", "مفتوح")
MAINTENANCE = Text("保养", "Maintenance", "Entretien", "정비", "Wartung", "Onderhoud", "保守", "Mantenimiento", "صيانة")

register("wear", globals())  # a stored key ``wear.NAME`` names a text here (core/texts.py)
