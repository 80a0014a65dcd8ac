/** Query keys of the whole-machine, cloud version and configuration screens. */
export const machineVersionKeys = {
  whole: ['machine-version', 'whole'] as const,
  wholePage: (filter: unknown) => ['machine-version', 'whole', 'page', filter] as const,
  range: (id: number) => ['machine-version', 'whole', 'range', id] as const,
  options: ['machine-version', 'whole', 'options'] as const,
  softOptions: ['machine-version', 'whole', 'options', 'soft'] as const,
  appOptions: ['machine-version', 'whole', 'options', 'app'] as const,
  cloud: ['machine-version', 'cloud'] as const,
  cloudPage: (filter: unknown) => ['machine-version', 'cloud', 'page', filter] as const,
  parameters: ['machine-version', 'parameters'] as const,
  parameterList: (key: string) => ['machine-version', 'parameters', key] as const,
};
