/** English texts of the advisories page (version/advisory; issue 47): the shape every language follows. */
const advisory = {
  page: {
    title: 'Advisories',
    intro: 'Import a vulnerability advisory (OSV format) to see which firmware versions list an affected component in their SBOM, which of your robots run them, and update those robots to a fixed version.',
    tabs: { advisories: 'Advisories', sboms: 'Firmware SBOMs' },
  },
  list: {
    import: 'Import advisory',
    imported: 'Advisory {{id}} imported',
    empty: 'No advisories yet. Import one in OSV format (JSON).',
    columns: { id: 'Advisory', summary: 'Summary', packages: 'Components', versions: 'Affected versions', robots: 'Your robots', updated: 'Imported', actions: 'Actions' },
    open: 'Affected robots',
    delete: 'Delete',
    deleteConfirm: 'Delete the advisory {{id}}? Nothing changes on the robots.',
    deleted: 'Advisory deleted',
  },
  detail: {
    fixedIn: 'Fixed in: {{versions}}',
    versionsTitle: 'Affected firmware versions',
    noneAffected: 'No firmware version whose SBOM is known lists an affected component.',
    withoutSbom: 'Firmware versions without an SBOM (not checked): {{count}}',
    robotsTitle: 'Your robots running an affected version',
    noRobots: 'None of your robots runs an affected version.',
    more: 'The first {{shown}} robots are listed; robots affected: {{count}}.',
    columns: { firmware: 'Firmware', components: 'Affected components', robots: 'Your robots', fixedBy: 'Update to', serial: 'Serial number', name: 'Robot', running: 'Runs' },
    target: 'Fixed firmware',
    noTarget: 'No firmware with an SBOM free of this advisory yet: upload one with its SBOM first.',
    update: 'Update selected robots',
    confirmTitle: 'Update the selected robots to {{version}}?',
    confirmBody: 'Robots: {{count}}. Each gets the update as the firmware page publishes it (the update rule applies, progress shows on the firmware page).',
    confirm: 'Start update',
    started: 'Update started (robots: {{count}})',
  },
  sbom: {
    empty: 'No firmware yet.',
    none: 'No SBOM',
    columns: { firmware: 'Firmware', version: 'Version', components: 'Components', file: 'SBOM file', uploaded: 'Uploaded', actions: 'Actions' },
    view: 'Components',
    upload: 'Upload SBOM',
    uploaded: 'SBOM of {{name}} saved',
    componentsTitle: 'Components of {{name}} ({{version}})',
    componentColumns: { name: 'Name', version: 'Version', purl: 'Package URL' },
  },
};

export default advisory;
