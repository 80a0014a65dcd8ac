"""The refusals of the retention calls, in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar)."""

from cleanfleet.core.texts import Text

_AR_DAYS = "{days, plural, zero {# يوم} one {يوم واحد} two {يومان} few {# أيام} many {# يومًا} other {# يوم}}"

TOO_FEW = Text(
    "至少保留 {days} 天。",
    "Keep it at least {days, plural, one {# day} other {# days}}.",
    "Conservez-les au moins {days, plural, one {# jour} other {# jours}}.",
    "최소 {days}일 동안 보관하세요.",
    "Bewahren Sie sie mindestens {days, plural, one {# Tag} other {# Tage}} auf.",
    "Bewaar ze minstens {days, plural, one {# dag} other {# dagen}}.",
    "少なくとも {days} 日間保管してください。",
    "Consérvelos al menos {days, plural, one {# día} other {# días}}.",
    "احتفظ بها " + _AR_DAYS + " على الأقل.")
TOO_MANY = Text(
    "最多保留 {days} 天（本系统允许的上限）。",
    "Keep it at most {days, plural, one {# day} other {# days}} (the most this deployment allows).",
    "Conservez-les au plus {days, plural, one {# jour} other {# jours}} (le maximum de ce déploiement).",
    "최대 {days}일까지 보관할 수 있습니다(이 시스템의 최대값).",
    "Bewahren Sie sie höchstens {days, plural, one {# Tag} other {# Tage}} auf (das Maximum dieser Installation).",
    "Bewaar ze hoogstens {days, plural, one {# dag} other {# dagen}} (het maximum van deze installatie).",
    "保管できるのは最大 {days} 日間です（このシステムの上限）。",
    "Consérvelos como máximo {days, plural, one {# día} other {# días}} (el máximo de esta instalación).",
    "احتفظ بها " + _AR_DAYS + " على الأكثر (الحد الأقصى لهذا النظام).")
LONGER_THAN_ABOVE = Text(
    "最多保留 {days} 天：上级账号对这类数据的保留期不超过这个天数。",
    "Keep it at most {days, plural, one {# day} other {# days}}: an account above keeps this data no longer.",
    "Conservez-les au plus {days, plural, one {# jour} other {# jours}} : un compte au-dessus ne les garde pas "
    "plus longtemps.",
    "최대 {days}일까지 보관할 수 있습니다. 상위 계정이 이 데이터를 그보다 오래 보관하지 않습니다.",
    "Bewahren Sie sie höchstens {days, plural, one {# Tag} other {# Tage}} auf: ein Konto darüber behält diese "
    "Daten nicht länger.",
    "Bewaar ze hoogstens {days, plural, one {# dag} other {# dagen}}: een account erboven bewaart deze gegevens "
    "niet langer.",
    "保管できるのは最大 {days} 日間です。上位のアカウントがこのデータをそれ以上保管しません。",
    "Consérvelos como máximo {days, plural, one {# día} other {# días}}: una cuenta superior no guarda estos datos "
    "más tiempo.",
    "احتفظ بها " + _AR_DAYS + " على الأكثر: حساب أعلى لا يحتفظ بهذه البيانات مدة أطول.")
ROOT_IS_DEPLOYMENT = Text(
    "整个系统的保留期由运维人员在设置中指定；请选择下级账号。",
    "The whole deployment's periods are set by its operator in the settings; choose an account below.",
    "Les durées de tout le déploiement sont fixées par son exploitant dans les réglages ; choisissez un compte "
    "en dessous.",
    "전체 시스템의 보관 기간은 운영자가 설정에서 정합니다. 하위 계정을 선택하세요.",
    "Die Fristen der ganzen Installation legt ihr Betreiber in den Einstellungen fest; wählen Sie ein Konto darunter.",
    "De termijnen van de hele installatie stelt de beheerder in de instellingen in; kies een account eronder.",
    "システム全体の保管期間は運用者が設定で決めます。下位のアカウントを選んでください。",
    "Los plazos de toda la instalación los fija su operador en la configuración; elija una cuenta inferior.",
    "يحدد المشغّل مدد النظام كله في الإعدادات؛ اختر حسابًا أدنى.")
AUDIT_ON_DEALER = Text(
    "审计记录按经销商保存：请在经销商账号上设置其保留期。",
    "Audit rows are kept per dealer: set their period on the dealer's account.",
    "Les lignes d'audit sont conservées par revendeur : fixez leur durée sur le compte du revendeur.",
    "감사 기록은 대리점별로 보관됩니다. 대리점 계정에서 기간을 설정하세요.",
    "Audit-Einträge werden je Händler aufbewahrt: Legen Sie ihre Frist beim Konto des Händlers fest.",
    "Auditregels worden per dealer bewaard: stel hun termijn in op het account van de dealer.",
    "監査記録は販売店ごとに保管されます。販売店のアカウントで期間を設定してください。",
    "Los registros de auditoría se guardan por distribuidor: fije su plazo en la cuenta del distribuidor.",
    "تُحفظ سجلات التدقيق لكل موزّع: حدّد مدتها في حساب الموزّع.")
