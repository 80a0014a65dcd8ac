"""The refusals of roles and role groups, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

UNKNOWN_KEYS = Text(
    "未知的权限：{keys}",
    "Unknown permission {keys}",
    "Autorisation inconnue {keys}",
    "알 수 없는 권한: {keys}",
    "Unbekannte Berechtigung {keys}",
    "Onbekende machtiging {keys}",
    "不明な権限: {keys}",
    "Permiso desconocido {keys}",
    "صلاحية غير معروفة {keys}",
)
NO_KEYS = Text(
    "请至少选择一项权限",
    "Choose at least one permission",
    "Choisissez au moins une autorisation",
    "권한을 하나 이상 선택하세요",
    "Wählen Sie mindestens eine Berechtigung",
    "Kies ten minste één machtiging",
    "権限を 1 つ以上選択してください",
    "Elija al menos un permiso",
    "اختر صلاحية واحدة على الأقل",
)
ROLE_NOT_FOUND = Text(
    "角色 {id} 不存在",
    "Role {id} does not exist",
    "Le rôle {id} n'existe pas",
    "역할 {id}이(가) 없습니다",
    "Rolle {id} existiert nicht",
    "Rol {id} bestaat niet",
    "ロール {id} は存在しません",
    "El rol {id} no existe",
    "الدور {id} غير موجود",
)
GROUP_NOT_FOUND = Text(
    "角色组 {id} 不存在",
    "Role group {id} does not exist",
    "Le groupe de rôles {id} n'existe pas",
    "역할 그룹 {id}이(가) 없습니다",
    "Rollengruppe {id} existiert nicht",
    "Rollengroep {id} bestaat niet",
    "ロールグループ {id} は存在しません",
    "El grupo de roles {id} no existe",
    "مجموعة الأدوار {id} غير موجودة",
)
ROLE_ABOVE_YOU = Text(
    "角色 {id} 属于你的上级用户",
    "Role {id} belongs to a user above you",
    "Le rôle {id} appartient à un utilisateur au-dessus de vous",
    "역할 {id}은(는) 상위 사용자의 것입니다",
    "Rolle {id} gehört einem Benutzer über Ihnen",
    "Rol {id} is van een gebruiker boven u",
    "ロール {id} は上位ユーザーのものです",
    "El rol {id} pertenece a un usuario por encima de usted",
    "الدور {id} يخص مستخدمًا أعلى منك",
)
GROUP_ABOVE_YOU = Text(
    "角色组 {id} 属于你的上级用户",
    "Role group {id} belongs to a user above you",
    "Le groupe de rôles {id} appartient à un utilisateur au-dessus de vous",
    "역할 그룹 {id}은(는) 상위 사용자의 것입니다",
    "Rollengruppe {id} gehört einem Benutzer über Ihnen",
    "Rollengroep {id} is van een gebruiker boven u",
    "ロールグループ {id} は上位ユーザーのものです",
    "El grupo de roles {id} pertenece a un usuario por encima de usted",
    "مجموعة الأدوار {id} تخص مستخدمًا أعلى منك",
)
ROLE_PRESET = Text(
    "角色 {id} 是预设角色，不能修改",
    "Role {id} is a preset role and cannot be changed",
    "Le rôle {id} est un rôle prédéfini et ne peut pas être modifié",
    "역할 {id}은(는) 기본 역할이라 변경할 수 없습니다",
    "Rolle {id} ist eine vordefinierte Rolle und kann nicht geändert werden",
    "Rol {id} is een vooraf ingestelde rol en kan niet worden gewijzigd",
    "ロール {id} はプリセットロールのため変更できません",
    "El rol {id} es un rol predefinido y no se puede cambiar",
    "الدور {id} دور مسبق الإعداد ولا يمكن تغييره",
)
ROLE_BEYOND_YOU = Text(
    "角色 {id} 含有你没有的权限：{keys}",
    "Role {id} holds permissions you do not hold: {keys}",
    "Le rôle {id} contient des autorisations que vous n'avez pas : {keys}",
    "역할 {id}에 내가 없는 권한이 있습니다: {keys}",
    "Rolle {id} enthält Berechtigungen, die Ihnen fehlen: {keys}",
    "Rol {id} bevat machtigingen die u niet hebt: {keys}",
    "ロール {id} にはあなたが持っていない権限があります: {keys}",
    "El rol {id} contiene permisos que usted no tiene: {keys}",
    "الدور {id} يتضمن صلاحيات ليست لديك: {keys}",
)
ROLE_BEYOND_OWNER = Text(
    "角色 {id} 含有该影子用户的主账号没有的权限：{keys}",
    "Role {id} holds permissions the shadow user's owner does not hold: {keys}",
    "Le rôle {id} contient des autorisations que le titulaire de l'utilisateur fantôme n'a pas : {keys}",
    "역할 {id}에 섀도 사용자의 소유자에게 없는 권한이 있습니다: {keys}",
    "Rolle {id} enthält Berechtigungen, die dem Inhaber des Schattenbenutzers fehlen: {keys}",
    "Rol {id} bevat machtigingen die de eigenaar van de schaduwgebruiker niet heeft: {keys}",
    "ロール {id} にはシャドウユーザーの所有者が持っていない権限があります: {keys}",
    "El rol {id} contiene permisos que el titular del usuario sombra no tiene: {keys}",
    "الدور {id} يتضمن صلاحيات لا يملكها صاحب المستخدم الظل: {keys}",
)
NAME_TAKEN = Text(
    "名称 {name} 已被使用",
    "The name {name} is already taken",
    "Le nom {name} est déjà utilisé",
    "이름 {name}은(는) 이미 사용 중입니다",
    "Der Name {name} ist bereits vergeben",
    "De naam {name} is al in gebruik",
    "名前 {name} は既に使われています",
    "El nombre {name} ya está en uso",
    "الاسم {name} مستخدم بالفعل",
)
