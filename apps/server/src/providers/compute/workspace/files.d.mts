/** Types of files.mjs for the driver, which places copies with the rules the workspace lists the disk by. */
export class OutsideDiskError extends Error {}
export function segmentsOf(relative: string): string[];
