"""Refusals of the elevator calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

PHONE_DIGITS = Text(
    "联系电话必须是 11 位数字", "The contact phone must be 11 digits",
    "Le téléphone du contact doit comporter 11 chiffres", "연락처 전화번호는 11자리 숫자여야 합니다",
    "Die Telefonnummer des Kontakts muss 11 Ziffern haben",
    "Het telefoonnummer van de contactpersoon moet 11 cijfers zijn",
    "連絡先の電話番号は 11 桁の数字にしてください", "El teléfono de contacto debe tener 11 dígitos",
    "يجب أن يتكون هاتف جهة الاتصال من 11 رقمًا")
FLOORS_ORDER = Text(
    "最高楼层 {top} 低于最低楼层 {bottom}", "The highest floor {top} is below the lowest floor {bottom}",
    "L'étage le plus haut {top} est sous l'étage le plus bas {bottom}",
    "최고층 {top}이(가) 최저층 {bottom}보다 낮습니다", "Das oberste Stockwerk {top} liegt unter dem untersten {bottom}",
    "De hoogste verdieping {top} ligt onder de laagste verdieping {bottom}",
    "最上階 {top} が最下階 {bottom} より低くなっています",
    "El piso más alto {top} está por debajo del más bajo {bottom}",
    "الطابق الأعلى {top} أدنى من الطابق الأدنى {bottom}")
NAME_TAKEN = Text(
    "电梯名称 {name} 已存在", "An elevator named {name} already exists", "Un ascenseur nommé {name} existe déjà",
    "{name} 이름의 엘리베이터가 이미 있습니다", "Ein Aufzug mit dem Namen {name} existiert bereits",
    "Er bestaat al een lift met de naam {name}", "エレベーター名 {name} は既に存在します",
    "Ya existe un ascensor llamado {name}", "يوجد مصعد باسم {name} بالفعل")
NOT_FOUND = Text(
    "电梯 {elevatorId} 不存在", "Elevator {elevatorId} does not exist", "L'ascenseur {elevatorId} n'existe pas",
    "엘리베이터 {elevatorId}이(가) 없습니다", "Aufzug {elevatorId} existiert nicht", "Lift {elevatorId} bestaat niet",
    "エレベーター {elevatorId} は存在しません", "El ascensor {elevatorId} no existe", "المصعد {elevatorId} غير موجود")
IN_USE = Text(
    "电梯 {name} 正被定时任务使用，不能删除：{schedules}",
    "Elevator {name} is used by scheduled tasks and cannot be deleted: {schedules}",
    "L'ascenseur {name} est utilisé par des tâches planifiées et ne peut pas être supprimé : {schedules}",
    "엘리베이터 {name}은(는) 예약 작업에서 사용 중이라 삭제할 수 없습니다: {schedules}",
    "Aufzug {name} wird von geplanten Aufgaben genutzt und kann nicht gelöscht werden: {schedules}",
    "Lift {name} wordt gebruikt door geplande taken en kan niet worden verwijderd: {schedules}",
    "エレベーター {name} は定期タスクで使用中のため削除できません: {schedules}",
    "El ascensor {name} lo usan tareas programadas y no se puede eliminar: {schedules}",
    "المصعد {name} مستخدم في مهام مجدولة ولا يمكن حذفه: {schedules}")
OUTSIDE_OWNER = Text(
    "电梯 {name} 只能绑定其所属用户及下级的机器人，{robot} 不在其中",
    "Elevator {name} can only be bound to robots of its owner and the users below it; {robot} is not one of them",
    "L'ascenseur {name} ne peut être lié qu'aux robots de son propriétaire et des utilisateurs en dessous ; "
    "{robot} n'en fait pas partie",
    "엘리베이터 {name}은(는) 소유자와 그 하위 사용자의 로봇에만 연결할 수 있습니다. {robot}은(는) 해당되지 않습니다",
    "Aufzug {name} kann nur mit Robotern seines Besitzers und der Benutzer darunter verbunden werden; {robot} gehört "
    "nicht dazu",
    "Lift {name} kan alleen worden gekoppeld aan robots van de eigenaar en de gebruikers daaronder; {robot} hoort daar "
    "niet bij",
    "エレベーター {name} はその所有者と配下のユーザーのロボットにしか紐付けできません。{robot} は対象外です",
    "El ascensor {name} solo puede vincularse a robots de su propietario y de los usuarios por debajo; {robot} no es "
    "uno de ellos",
    "لا يمكن ربط المصعد {name} إلا بروبوتات مالكه والمستخدمين التابعين له؛ {robot} ليس منها")
