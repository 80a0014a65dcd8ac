/** French texts of the task report screens. */
import type { ReportMessages } from './types';

const report: ReportMessages = {
  "list": {
    "title": "Rapports de tâche",
    "empty": "Aucune exécution sur cette période",
    "device": "Appareil",
    "map": "Nom de la carte",
    "task": "Nom de la tâche",
    "result": "Résultat",
    "search": "Rechercher",
    "add": "Ajouter un enregistrement",
    "deleteBefore": "Supprimer avant une date",
    "export": "Exporter",
    "exporting": "Écriture de export.xlsx…",
    "exported_one": "{{count}} ligne enregistrée dans {{file}}.",
    "exported_many": "{{count}} lignes enregistrées dans {{file}}.",
    "exported_other": "{{count}} lignes enregistrées dans {{file}}.",
    "nothing": "Rien à exporter.",
    "failed": "L'export a échoué.",
    "rangeRule": "Le début doit être à moins de 7 jours de la fin et pas après aujourd'hui."
  },
  "columns": {
    "device": "Appareil",
    "task": "Tâche",
    "map": "Carte",
    "start": "Début",
    "end": "Fin",
    "duration": "Temps de travail",
    "planned": "Surface prévue",
    "cleaned": "Surface nettoyée",
    "coverage": "Couverture",
    "efficiency": "Efficacité",
    "battery": "Batterie utilisée",
    "alarms": "Alarmes",
    "result": "Résultat",
    "source": "Origine",
    "actions": "Actions"
  },
  "results": {
    "finished": "Terminée",
    "cancelled": "Annulée",
    "forced_end": "Arrêt forcé",
    "aborted": "Interrompue"
  },
  "detail": {
    "title": "Exécution de {{task}}",
    "open": "Détails",
    "path": "Trajet",
    "noPath": "Aucun trajet enregistré pour cette exécution.",
    "overMap": "Dessiné sur la carte du robot.",
    "noMap": "Le robot est hors ligne : le trajet est dessiné sans sa carte.",
    "children": "Exécutions de cette planification",
    "schedule": "Planification",
    "distance": "Distance",
    "reason": "Raison",
    "remark": "Remarque",
    "manual": "Enregistrement manuel",
    "alarmsNone": "Aucune alarme pendant l'exécution"
  },
  "edit": {
    "button": "Modifier",
    "title": "Modifier l'exécution",
    "saved": "Exécution enregistrée."
  },
  "insert": {
    "title": "Ajouter un enregistrement manuel",
    "deviceId": "Appareil",
    "times": "Début et fin",
    "saved": "Enregistrement ajouté."
  },
  "remove": {
    "button": "Supprimer",
    "confirm": "Supprimer cette exécution de « {{task}} » ?",
    "done_one": "{{count}} exécution supprimée.",
    "done_many": "{{count}} exécutions supprimées.",
    "done_other": "{{count}} exécutions supprimées.",
    "beforeTitle": "Supprimer les exécutions avant une date",
    "time": "Exécutions commencées avant",
    "devices": "Des appareils",
    "beforeConfirm": "Supprimer toutes les exécutions des appareils choisis commencées avant cette heure ?"
  },
  "chart": {
    "title": "Graphiques des rapports",
    "ranges": {
      "week": "Dernière semaine",
      "month": "Dernier mois",
      "quarter": "Trois derniers mois",
      "year": "Dernière année"
    },
    "by": {
      "device": "Par appareil",
      "group": "Par groupe",
      "owner": "Par propriétaire",
      "map": "Par carte"
    },
    "grouping": "Regrouper les résultats",
    "cleanedArea": "Surface nettoyée (m²)",
    "workingTime": "Temps de travail (h)",
    "coverage": "Couverture (%)",
    "efficiency": "Efficacité (m²/h)",
    "onlineRate": "Taux en ligne (%)",
    "runs": "Exécutions",
    "devices": "Appareils actifs",
    "alarms": "Alarmes",
    "breakdown": "Détail",
    "places": "Lieux de travail",
    "name": "Nom",
    "period": "Période",
    "empty": "Aucune exécution sur cette période"
  }
};

export default report;
