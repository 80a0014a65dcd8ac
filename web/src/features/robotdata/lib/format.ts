/** How far a transfer is, in whole percent (0 while its size is not known yet). */
export const percentOf = (done: number, total: number): number => (total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 0);
