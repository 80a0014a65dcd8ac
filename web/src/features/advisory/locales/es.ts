/** Spanish texts of the advisories page. */
import type { AdvisoryMessages } from './types';

const advisory: AdvisoryMessages = {
  page: {
    title: 'Avisos de seguridad',
    intro: 'Importe un aviso de vulnerabilidad (formato OSV) para ver qué versiones de firmware incluyen en su SBOM un componente afectado, cuáles de sus robots las ejecutan, y actualizar esos robots a una versión corregida.',
    tabs: {
      advisories: 'Avisos',
      sboms: 'SBOM de firmware',
    },
  },
  list: {
    import: 'Importar aviso',
    imported: 'Aviso {{id}} importado',
    empty: 'Aún no hay avisos. Importe uno en formato OSV (JSON).',
    columns: {
      id: 'Aviso',
      summary: 'Resumen',
      packages: 'Componentes',
      versions: 'Versiones afectadas',
      robots: 'Sus robots',
      updated: 'Importado',
      actions: 'Acciones',
    },
    open: 'Robots afectados',
    delete: 'Eliminar',
    deleteConfirm: '¿Eliminar el aviso {{id}}? Nada cambia en los robots.',
    deleted: 'Aviso eliminado',
  },
  detail: {
    fixedIn: 'Corregido en: {{versions}}',
    versionsTitle: 'Versiones de firmware afectadas',
    noneAffected: 'Ninguna versión de firmware con SBOM conocido incluye un componente afectado.',
    withoutSbom: 'Versiones de firmware sin SBOM (no comprobadas): {{count}}',
    robotsTitle: 'Sus robots con una versión afectada',
    noRobots: 'Ninguno de sus robots ejecuta una versión afectada.',
    more: 'Se listan los primeros {{shown}} robots; robots afectados: {{count}}.',
    columns: {
      firmware: 'Paquete de firmware',
      components: 'Componentes afectados',
      robots: 'Sus robots',
      fixedBy: 'Actualizar a',
      serial: 'Número de serie',
      name: 'Nombre del robot',
      running: 'Ejecuta',
    },
    target: 'Firmware corregido',
    noTarget: 'Aún no hay firmware con un SBOM libre de este aviso: suba primero uno con su SBOM.',
    update: 'Actualizar los robots elegidos',
    confirmTitle: '¿Actualizar los robots elegidos a {{version}}?',
    confirmBody: 'Robots: {{count}}. Cada uno recibe la actualización como la publica la página de firmware (se aplica la regla de actualización y el progreso se ve en la página de firmware).',
    confirm: 'Iniciar actualización',
    started: 'Actualización iniciada (robots: {{count}})',
  },
  sbom: {
    empty: 'Aún no hay firmware.',
    none: 'Sin SBOM',
    columns: {
      firmware: 'Paquete de firmware',
      version: 'Versión',
      components: 'Componentes',
      file: 'Archivo SBOM',
      uploaded: 'Subido',
      actions: 'Acciones',
    },
    view: 'Componentes',
    upload: 'Subir SBOM',
    uploaded: 'SBOM de {{name}} guardado',
    componentsTitle: 'Componentes de {{name}} ({{version}})',
    componentColumns: {
      name: 'Nombre',
      version: 'Versión',
      purl: 'URL del paquete',
    },
  },
};

export default advisory;
