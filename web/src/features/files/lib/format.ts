/** product-spec 5: a file name of letters, digits, _, - and . (dots only between parts). */
export function validFileName(name: string): boolean {
  return /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)*$/u.test(name) && name.length <= 128;
}
