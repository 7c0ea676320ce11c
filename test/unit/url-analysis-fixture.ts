// Shared by the URL analysis tests: the shape of one table case and how a case's fields are compared.
import type { UrlAnalysis, UrlFinding, FindingSeverity } from '../../shared/url-analysis';

export type Code = UrlFinding['code'];
export type Fields = Partial<Omit<UrlAnalysis, 'findings' | 'openable'>>;

export interface Case {
  /** Reads as a sentence about behaviour. */
  name: string;
  url: string;
  expect: {
    /** Every finding, by code, with its severity: exactly these and no others. */
    findings: Partial<Record<Code, FindingSeverity>>;
    openable: boolean;
    /** Fields checked for equality; a field given as `undefined` must be absent. */
    fields?: Fields;
  };
}

/** A host of exactly 20 characters, to build URLs of a chosen length. */
export const HOST_20 = 'https://example.com/'; // 20 characters

/** Only the fields a case names, so `toEqual` treats a field expected `undefined` as "absent". */
export function pick(analysis: UrlAnalysis, fields: Fields): Fields {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, analysis[key as keyof Fields]]));
}
