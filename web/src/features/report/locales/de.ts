/** German texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "Aufgabenberichte",
    "empty": "Keine Läufe in diesem Zeitraum",
    "device": "Gerät",
    "map": "Kartenname",
    "task": "Aufgabenname",
    "result": "Ergebnis",
    "search": "Suchen",
    "add": "Eintrag hinzufügen",
    "deleteBefore": "Vor einem Datum löschen",
    "export": "Exportieren",
    "exporting": "export.xlsx wird geschrieben…",
    "exported": "{{count}} Zeilen in {{file}} gespeichert.",
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
    "duration": "Arbeitszeit",
    "planned": "Geplante Fläche",
    "cleaned": "Gereinigte Fläche",
    "coverage": "Abdeckung",
    "efficiency": "Reinigungsleistung",
    "battery": "Akkuverbrauch",
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
    "done": "{{count}} Läufe gelöscht.",
    "beforeTitle": "Läufe vor einem Datum löschen",
    "time": "Läufe, begonnen vor",
    "devices": "Der Geräte",
    "beforeConfirm": "Alle Läufe der gewählten Geräte löschen, die vor diesem Zeitpunkt begannen?"
  },
  "chart": {
    "title": "Diagramme der Aufgabenberichte",
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
    "cleanedArea": "Gereinigte Fläche (m²)",
    "workingTime": "Arbeitszeit (h)",
    "coverage": "Abdeckung (%)",
    "efficiency": "Reinigungsleistung (m²/h)",
    "onlineRate": "Online-Quote (%)",
    "runs": "Läufe",
    "devices": "Arbeitende Geräte",
    "alarms": "Alarme",
    "breakdown": "Aufschlüsselung",
    "places": "Wo gearbeitet wurde",
    "name": "Bezeichnung",
    "period": "Zeitraum",
    "empty": "Keine Läufe in diesem Zeitraum"
  }
};

export default report;
