/** Query keys of the advisories page: the list, one advisory's affected robots, the SBOM list and one SBOM. */
export const advisoryKeys = {
  all: ['advisory'] as const,
  list: () => ['advisory', 'list'] as const,
  affected: (id: number) => ['advisory', 'affected', id] as const,
  sboms: () => ['advisory', 'sboms'] as const,
  sbom: (versionId: number) => ['advisory', 'sbom', versionId] as const,
};
