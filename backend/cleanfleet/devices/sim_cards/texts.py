"""Why a SIM card call is refused, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

SIM_NOT_FOUND = Text(
    "没有设备使用 SIM 卡 {cNo}", "No device has the SIM card {cNo}", "Aucun appareil n'a la carte SIM {cNo}",
    "SIM 카드 {cNo}을(를) 사용하는 장치가 없습니다", "Kein Gerät hat die SIM-Karte {cNo}",
    "Geen apparaat heeft simkaart {cNo}", "SIM カード {cNo} を使っているデバイスはありません",
    "Ningún dispositivo tiene la tarjeta SIM {cNo}", "لا يوجد جهاز يستخدم شريحة SIM {cNo}")
