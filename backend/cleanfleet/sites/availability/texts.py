"""Availability's texts in the nine languages (zh-CN, en, fr, ko, de, nl, ja, es, ar): the targets' refusal, and
what the site report's page, sheet and mail call the figures."""

from cleanfleet.core.texts import Text

TARGETS_ABOVE_ONLY = Text(
    "站点 {siteId} 的目标只能由其客户的上级（经销商）设定",
    "Only a user above the customer of site {siteId} (its dealer) sets its targets",
    "Seul un utilisateur au-dessus du client du site {siteId} (son revendeur) fixe ses objectifs",
    "사이트 {siteId}의 목표는 고객의 상위 사용자(대리점)만 설정할 수 있습니다",
    "Nur ein Benutzer über dem Kunden des Standorts {siteId} (sein Händler) legt dessen Ziele fest",
    "Alleen een gebruiker boven de klant van locatie {siteId} (de dealer) stelt de doelen in",
    "サイト {siteId} の目標は顧客の上位ユーザー（販売店）だけが設定できます",
    "Solo un usuario por encima del cliente del sitio {siteId} (su distribuidor) fija sus objetivos",
    "لا يحدد أهداف الموقع {siteId} إلا مستخدم أعلى من عميله (الموزّع)")

H_AVAILABILITY = Text("可用性", "Availability", "Disponibilité", "가용성", "Verfügbarkeit", "Beschikbaarheid", "稼働率",
                      "Disponibilidad", "التوفر")
K_SCHEDULED = Text("计划时长（小时）", "Scheduled (h)", "Prévu (h)", "예정 시간(h)", "Geplant (h)", "Gepland (u)",
                   "予定時間（h）", "Programado (h)", "المجدول (س)")
K_AVAILABLE = Text("可用时长（小时）", "Available (h)", "Disponible (h)", "가용 시간(h)", "Verfügbar (h)",
                   "Beschikbaar (u)", "稼働可能時間（h）", "Disponible (h)", "المتاح (س)")
K_AVAILABILITY = Text("可用性（%）", "Availability (%)", "Disponibilité (%)", "가용성(%)", "Verfügbarkeit (%)",
                      "Beschikbaarheid (%)", "稼働率（%）", "Disponibilidad (%)", "التوفر (%)")
K_PREVIOUS = Text("上一周期（%）", "Previous period (%)", "Période précédente (%)", "이전 기간(%)", "Vorperiode (%)",
                  "Vorige periode (%)", "前期間（%）", "Periodo anterior (%)", "الفترة السابقة (%)")
K_MTTA = Text("平均确认时间（分钟）", "Mean time to acknowledge (min)", "Délai moyen de prise en charge (min)",
              "평균 확인 시간(분)", "Mittlere Zeit bis zur Bestätigung (min)", "Gemiddelde tijd tot bevestiging (min)",
              "平均確認時間（分）", "Tiempo medio de reconocimiento (min)", "متوسط وقت الإقرار (دقيقة)")
K_MTTR = Text("平均解决时间（分钟）", "Mean time to resolve (min)", "Délai moyen de résolution (min)",
              "평균 해결 시간(분)", "Mittlere Zeit bis zur Lösung (min)", "Gemiddelde tijd tot oplossing (min)",
              "平均解決時間（分）", "Tiempo medio de resolución (min)", "متوسط وقت الحل (دقيقة)")
K_INCIDENTS = Text("事件", "Incidents", "Incidents", "인시던트", "Vorfälle", "Incidenten", "インシデント", "Incidentes",
                   "الحوادث")
K_RUNS_DONE = Text("任务完成率（%）", "Runs done (%)", "Passages réalisés (%)", "작업 완료율(%)", "Erledigte Läufe (%)",
                   "Rondes gedaan (%)", "実行完了率（%）", "Pasadas hechas (%)", "العمليات المنجزة (%)")
C_SEVERITY = Text("严重程度", "Severity", "Gravité", "심각도", "Schweregrad", "Ernst", "重大度", "Gravedad", "الخطورة")
C_TARGET = Text("目标", "Target", "Objectif", "목표", "Ziel", "Doel", "目標", "Objetivo", "الهدف")
C_RESULT = Text("结果", "Result", "Résultat", "결과", "Ergebnis", "Resultaat", "結果", "Resultado", "النتيجة")
MET = Text("达成", "met", "atteint", "달성", "erreicht", "gehaald", "達成", "cumplido", "محقق")
NOT_MET = Text("未达成", "not met", "non atteint", "미달성", "nicht erreicht", "niet gehaald", "未達成", "no cumplido",
               "غير محقق")
LOST = {
    "offline": Text("离线（小时）", "Offline (h)", "Hors ligne (h)", "오프라인(h)", "Offline (h)", "Offline (u)",
                    "オフライン（h）", "Sin conexión (h)", "غير متصل (س)"),
    "fault": Text("故障（小时）", "In fault (h)", "En panne (h)", "고장(h)", "Störung (h)", "Storing (u)", "故障（h）",
                  "En fallo (h)", "عطل (س)"),
    "waiting": Text("等待人工（小时）", "Waiting for a person (h)", "En attente d'une personne (h)", "사람 대기(h)",
                    "Wartet auf eine Person (h)", "Wacht op een persoon (u)", "人の対応待ち（h）",
                    "Esperando a una persona (h)", "بانتظار شخص (س)"),
    "update": Text("更新（不计，小时）", "Updating, left out (h)", "Mise à jour, exclue (h)", "업데이트, 제외(h)",
                   "Update, ausgenommen (h)", "Update, niet meegeteld (u)", "更新・除外（h）",
                   "Actualización, excluida (h)", "تحديث، مستبعد (س)"),
    "maintenance": Text("维护（不计，小时）", "Maintenance, left out (h)", "Maintenance, exclue (h)",
                        "유지보수, 제외(h)",
                        "Wartung, ausgenommen (h)", "Onderhoud, niet meegeteld (u)", "保守・除外（h）",
                        "Mantenimiento, excluido (h)", "صيانة، مستبعدة (س)"),
}
SEVERITY = {
    "high": Text("高", "High", "Haute", "높음", "Hoch", "Hoog", "高", "Alta", "عالية"),
    "medium": Text("中", "Medium", "Moyenne", "중간", "Mittel", "Middel", "中", "Media", "متوسطة"),
    "low": Text("低", "Low", "Basse", "낮음", "Niedrig", "Laag", "低", "Baja", "منخفضة"),
    "all": Text("全部", "All", "Toutes", "전체", "Alle", "Alle", "すべて", "Todas", "الكل"),
}
TARGET_NAMES = {"availability": K_AVAILABILITY, "ack": K_MTTA, "runsDone": K_RUNS_DONE}
