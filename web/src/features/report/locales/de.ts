/** German texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "Aufgaben\u00ADberichte",
    "empty": "Keine Läufe in diesem Zeitraum",
    "device": "Gerät",
    "map": "Kartenname",
    "task": "Aufgaben\u00ADname",
    "result": "Ergebnis",
    "search": "Suchen",
    "add": "Eintrag hinzufügen",
    "deleteBefore": "Vor einem Datum löschen",
    "export": "Exportieren",
    "exporting": "export.xlsx wird geschrieben…",
    "exported_one": "1 Zeile in {{file}} gespeichert.",
    "exported_other": "{{count}} Zeilen in {{file}} gespeichert.",
    "nothing": "Nichts zu exportieren.",
    "failed": "Der Export ist fehlgeschlagen.",
    "rangeRule": "Der Beginn muss höchstens 7 Tage vor dem Ende und nicht nach heute liegen."
  },
  "columns": {
    "device": "Gerät",
    "task": "Aufgabe",
    "map": "Karte",
    "start": "Beginn",
    "end": "Ende",
    "duration": "Arbeits\u00ADzeit",
    "planned": "Geplante Fläche",
    "cleaned": "Gereinigte Fläche",
    "coverage": "Abdeckung",
    "efficiency": "Reinigungs\u00ADleistung",
    "battery": "Akku\u00ADverbrauch",
    "alarms": "Alarme",
    "result": "Ergebnis",
    "source": "Quelle",
    "actions": "Aktionen"
  },
  "results": {
    "finished": "Beendet",
    "cancelled": "Abgebrochen",
    "forced_end": "Zwangsende",
    "aborted": "Abgebrochen (Fehler)"
  },
  "detail": {
    "title": "Lauf von {{task}}",
    "open": "Einzelheiten",
    "path": "Weg",
    "noPath": "Für diesen Lauf wurde kein Weg aufgezeichnet.",
    "overMap": "Auf der Karte des Roboters gezeichnet.",
    "noMap": "Der Roboter ist offline: der Weg wird ohne Karte gezeichnet.",
    "children": "Läufe dieses Zeitplans",
    "schedule": "Zeitplan",
    "distance": "Strecke",
    "reason": "Grund",
    "remark": "Bemerkung",
    "manual": "Manueller Eintrag",
    "alarmsNone": "Keine Alarme während des Laufs"
  },
  "edit": {
    "button": "Bearbeiten",
    "title": "Lauf bearbeiten",
    "saved": "Lauf gespeichert."
  },
  "insert": {
    "title": "Manuellen Eintrag hinzufügen",
    "deviceId": "Gerät",
    "times": "Beginn und Ende",
    "saved": "Eintrag hinzugefügt."
  },
  "remove": {
    "button": "Löschen",
    "confirm": "Diesen Lauf von „{{task}}“ löschen?",
    "done_one": "1 Lauf gelöscht.",
    "done_other": "{{count}} Läufe gelöscht.",
    "beforeTitle": "Läufe vor einem Datum löschen",
    "time": "Läufe, begonnen vor",
    "devices": "Der Geräte",
    "beforeConfirm": "Alle Läufe der gewählten Geräte löschen, die vor diesem Zeitpunkt begannen?"
  },
  "chart": {
    "title": "Diagramme der Aufgaben\u00ADberichte",
    "ranges": {
      "week": "Letzte Woche",
      "month": "Letzter Monat",
      "quarter": "Letzte drei Monate",
      "year": "Letztes Jahr"
    },
    "by": {
      "device": "Je Gerät",
      "group": "Je Gruppe",
      "owner": "Je Besitzer",
      "map": "Je Karte"
    },
    "grouping": "Ergebnisse gruppieren",
    "cleanedArea": "Gereinigte Fläche (m²)",
    "workingTime": "Arbeits\u00ADzeit (h)",
    "coverage": "Abdeckung (%)",
    "efficiency": "Reinigungs\u00ADleistung (m²/h)",
    "onlineRate": "Online-Quote (%)",
    "runs": "Läufe",
    "devices": "Arbeitende Geräte",
    "alarms": "Alarme",
    "breakdown": "Auf\u00ADschlüsselung",
    "places": "Wo gearbeitet wurde",
    "name": "Bezeich\u00ADnung",
    "period": "Zeitraum",
    "empty": "Keine Läufe in diesem Zeitraum"
  }
};

export default report;
