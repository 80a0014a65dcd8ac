/** Moved to the shared layer (the report screens export too); the device list keeps its imports. */
export * from '@/lib/export-cells';
