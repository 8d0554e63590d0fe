export interface RealNameQuery {
  realName: string;
  /** 18 characters, upper-case X. */
  idNumber: string;
}

/** Checks that a name and a resident ID number belong together (ARCHITECTURE §7). */
export interface RealNameProvider {
  /** Recorded with each verification (real_name_records.provider). */
  readonly name: 'sandbox' | 'http';
  /** True for the embedded sandbox, so that the console can say so. */
  readonly sandbox: boolean;
  /** 'match' or 'mismatch'; throws RealNameUnavailableError when the service cannot answer (not the user's fault). */
  verify(query: RealNameQuery): Promise<'match' | 'mismatch'>;
}
