"""The customer end's texts (refusals and the steps of its job), in the nine languages (zh-CN, en, fr, ko, de, nl,
ja, es, ar)."""

from cleanfleet.core.texts import Text, register

NOT_A_CUSTOMER = Text(
    "{name} 不是客户（经销商直属的用户），不能结束",
    "{name} is not a customer (a user directly under a dealer) and cannot be ended",
    "{name} n'est pas un client (un utilisateur directement sous un revendeur) et ne peut pas être clôturé",
    "{name}은(는) 고객(대리점 바로 아래의 사용자)이 아니므로 종료할 수 없습니다",
    "{name} ist kein Kunde (ein Benutzer direkt unter einem Händler) und kann nicht beendet werden",
    "{name} is geen klant (een gebruiker direct onder een dealer) en kan niet worden beëindigd",
    "{name} は顧客（販売店直下のユーザー）ではないため、終了できません",
    "{name} no es un cliente (un usuario directamente bajo un distribuidor) y no se puede dar de baja",
    "{name} ليس عميلاً (مستخدماً تابعاً مباشرة لموزّع) ولا يمكن إنهاؤه")
OWN_NODE = Text(
    "不能结束您自己的账号",
    "You cannot end your own account",
    "Vous ne pouvez pas clôturer votre propre compte",
    "자신의 계정은 종료할 수 없습니다",
    "Sie können Ihr eigenes Konto nicht beenden",
    "U kunt uw eigen account niet beëindigen",
    "自分のアカウントは終了できません",
    "No puede dar de baja su propia cuenta",
    "لا يمكنك إنهاء حسابك الخاص")
CONFIRM_MISMATCH = Text(
    "请准确输入客户名称“{name}”以确认",
    "Type the customer's name \u201c{name}\u201d exactly to confirm",
    "Saisissez exactement le nom du client « {name} » pour confirmer",
    "확인하려면 고객 이름 \u201c{name}\u201d을(를) 정확히 입력하세요",
    "Geben Sie zur Bestätigung genau den Namen des Kunden \u201e{name}\u201c ein",
    "Typ ter bevestiging precies de naam van de klant \u2018{name}\u2019",
    "確認のため、顧客名「{name}」を正確に入力してください",
    "Escriba exactamente el nombre del cliente \u00ab{name}\u00bb para confirmar",
    "اكتب اسم العميل «{name}» بدقة للتأكيد")
UNDER_WAY = Text(
    "该客户的结束任务已在进行中",
    "This customer is already being ended",
    "La clôture de ce client est déjà en cours",
    "이 고객의 종료 작업이 이미 진행 중입니다",
    "Dieser Kunde wird bereits beendet",
    "Deze klant wordt al beëindigd",
    "この顧客の終了処理はすでに進行中です",
    "La baja de este cliente ya está en curso",
    "إنهاء هذا العميل جارٍ بالفعل")
RECEIPT_NOT_FOUND = Text(
    "没有编号为 {id} 的客户结束回执",
    "There is no customer end receipt {id}",
    "Il n'existe pas de reçu de clôture de client {id}",
    "고객 종료 영수증 {id}이(가) 없습니다",
    "Es gibt keinen Beleg {id} über ein Kundenende",
    "Er is geen ontvangstbewijs {id} van een klantbeëindiging",
    "顧客終了の受領書 {id} はありません",
    "No existe el comprobante de baja de cliente {id}",
    "لا يوجد إيصال إنهاء عميل {id}")
RECEIPT_NOT_READY = Text(
    "客户结束尚未完成，回执还不可用",
    "The customer's end has not finished yet; its receipt is not ready",
    "La clôture du client n'est pas terminée ; son reçu n'est pas encore prêt",
    "고객 종료가 아직 끝나지 않아 영수증을 사용할 수 없습니다",
    "Das Kundenende ist noch nicht abgeschlossen; der Beleg ist noch nicht bereit",
    "De beëindiging van de klant is nog niet klaar; het ontvangstbewijs nog niet",
    "顧客の終了はまだ完了していないため、受領書はまだありません",
    "La baja del cliente aún no ha terminado; su comprobante no está listo",
    "لم ينتهِ إنهاء العميل بعد؛ الإيصال غير جاهز")

# the job's steps (DataJob.step holds their keys)
STEP_FILES = Text("正在删除文件", "Deleting files", "Suppression des fichiers", "파일 삭제 중",
                  "Dateien werden gelöscht", "Bestanden verwijderen", "ファイルを削除中", "Eliminando archivos",
                  "جارٍ حذف الملفات")
STEP_RECORDS = Text("正在删除记录", "Deleting records", "Suppression des enregistrements", "기록 삭제 중",
                    "Datensätze werden gelöscht", "Gegevens verwijderen", "記録を削除中", "Eliminando registros",
                    "جارٍ حذف السجلات")
STEP_ROBOTS = Text("正在处理机器人", "Handling the robots", "Traitement des robots", "로봇 처리 중",
                   "Roboter werden bearbeitet", "Robots verwerken", "ロボットを処理中", "Procesando los robots",
                   "جارٍ التعامل مع الروبوتات")
STEP_AUDIT = Text("正在匿名化审计记录", "Pseudonymising the audit trail",
                  "Pseudonymisation du journal d'audit", "감사 기록 가명 처리 중",
                  "Audit-Protokoll wird pseudonymisiert", "Audittrail pseudonimiseren",
                  "監査証跡を仮名化中", "Seudonimizando el registro de auditoría", "جارٍ إخفاء هوية سجل التدقيق")
STEP_PEOPLE = Text("正在删除人员", "Deleting people", "Suppression des personnes", "사용자 삭제 중",
                   "Personen werden gelöscht", "Personen verwijderen", "ユーザーを削除中", "Eliminando personas",
                   "جارٍ حذف الأشخاص")
STEP_DONE = Text("已完成", "Finished", "Terminé", "완료", "Abgeschlossen", "Voltooid", "完了", "Terminado", "اكتمل")

register("customerend", globals())
