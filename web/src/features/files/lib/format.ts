/** Sizes as people read them: 1,536 bytes is "1.5 KB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** An ISO time in the reader's zone, to the second. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** product-spec 5: a file name of letters, digits, _, - and . (dots only between parts). */
export function validFileName(name: string): boolean {
  return /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)*$/u.test(name) && name.length <= 128;
}
