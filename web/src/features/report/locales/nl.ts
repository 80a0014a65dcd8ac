/** Dutch texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "Taakrapporten",
    "empty": "Geen runs in deze periode",
    "device": "Apparaat",
    "map": "Kaartnaam",
    "task": "Taaknaam",
    "result": "Resultaat",
    "search": "Zoeken",
    "add": "Record toevoegen",
    "deleteBefore": "Verwijderen vóór een datum",
    "export": "Exporteren",
    "exporting": "export.xlsx wordt geschreven…",
    "exported_one": "1 rij opgeslagen in {{file}}.",
    "exported_other": "{{count}} rijen opgeslagen in {{file}}.",
    "nothing": "Niets te exporteren.",
    "failed": "Het exporteren is mislukt.",
    "rangeRule": "Het begin moet binnen 7 dagen voor het einde liggen en niet na vandaag."
  },
  "columns": {
    "device": "Apparaat",
    "task": "Taak",
    "map": "Kaart",
    "start": "Begin",
    "end": "Einde",
    "duration": "Werktijd",
    "planned": "Gepland oppervlak",
    "cleaned": "Gereinigd oppervlak",
    "coverage": "Dekking",
    "efficiency": "Schoonmaakefficiëntie",
    "battery": "Batterijverbruik",
    "alarms": "Alarmen",
    "result": "Resultaat",
    "source": "Bron",
    "actions": "Acties"
  },
  "results": {
    "finished": "Voltooid",
    "cancelled": "Geannuleerd",
    "forced_end": "Geforceerd beëindigd",
    "aborted": "Afgebroken"
  },
  "detail": {
    "title": "Run van {{task}}",
    "open": "Meer info",
    "path": "Route",
    "noPath": "Voor deze run is geen route vastgelegd.",
    "overMap": "Getekend op de kaart van de robot.",
    "noMap": "De robot is offline: de route is zonder kaart getekend.",
    "children": "Runs van deze planning",
    "schedule": "Planning",
    "distance": "Afstand",
    "reason": "Reden",
    "remark": "Opmerking",
    "manual": "Handmatig record",
    "alarmsNone": "Geen alarmen tijdens de run"
  },
  "edit": {
    "button": "Bewerken",
    "title": "Run bewerken",
    "saved": "Run opgeslagen."
  },
  "insert": {
    "title": "Handmatig record toevoegen",
    "deviceId": "Apparaat",
    "times": "Begin en einde",
    "saved": "Record toegevoegd."
  },
  "remove": {
    "button": "Verwijderen",
    "confirm": "Deze run van \"{{task}}\" verwijderen?",
    "done_one": "1 run verwijderd.",
    "done_other": "{{count}} runs verwijderd.",
    "beforeTitle": "Runs vóór een datum verwijderen",
    "time": "Runs begonnen vóór",
    "devices": "Van de apparaten",
    "beforeConfirm": "Alle runs van de gekozen apparaten verwijderen die vóór dit tijdstip begonnen?"
  },
  "chart": {
    "title": "Grafieken van taakrapporten",
    "ranges": {
      "week": "Afgelopen week",
      "month": "Afgelopen maand",
      "quarter": "Afgelopen drie maanden",
      "year": "Afgelopen jaar"
    },
    "by": {
      "device": "Per apparaat",
      "group": "Per groep",
      "owner": "Per eigenaar",
      "map": "Per kaart"
    },
    "grouping": "Resultaten groeperen",
    "cleanedArea": "Gereinigd oppervlak (m²)",
    "workingTime": "Werktijd (h)",
    "coverage": "Dekking (%)",
    "efficiency": "Schoonmaakefficiëntie (m²/h)",
    "onlineRate": "Online-percentage (%)",
    "runs": "Uitvoeringen",
    "devices": "Werkende apparaten",
    "alarms": "Alarmen",
    "breakdown": "Uitsplitsing",
    "places": "Waar gewerkt werd",
    "name": "Naam",
    "period": "Periode",
    "empty": "Geen runs in deze periode"
  }
};

export default report;
