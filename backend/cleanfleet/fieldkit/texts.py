"""The field kit's texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): the refusals of
/field/act."""

from cleanfleet.core.texts import Text

ACTION_ID_TAKEN = Text(
    "操作编号 {actionId} 已用于另一项操作", "Action id {actionId} was already used for another action",
    "L'identifiant d'action {actionId} a déjà servi pour une autre action",
    "작업 ID {actionId}은(는) 이미 다른 작업에 사용되었습니다",
    "Die Aktions-ID {actionId} wurde bereits für eine andere Aktion verwendet",
    "Actie-id {actionId} is al voor een andere actie gebruikt", "操作 ID {actionId} は別の操作に使用済みです",
    "El identificador de acción {actionId} ya se usó para otra acción",
    "معرّف الإجراء {actionId} مستخدم بالفعل لإجراء آخر")
