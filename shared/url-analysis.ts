/**
 * Analysis of a URL-mode elicitation's `url` before the user consents (spec E-URL-3, E-URL-4).
 * (Contract: types and signature; the implementation follows.)
 */

/** How bad a finding is: `blocked` means the URL is refused outright and never opened. */
export type FindingSeverity = 'blocked' | 'warning' | 'info';

/** One thing the user should know about a URL. `message` is a plain sentence for the consent view. */
export interface UrlFinding {
  code:
    | 'unparseable'
    | 'blocked-scheme'
    | 'insecure-http'
    | 'punycode'
    | 'mixed-script'
    | 'confusable'
    | 'userinfo'
    | 'ip-host'
    | 'non-default-port'
    | 'long-url'
    | 'whitespace-or-control';
  severity: FindingSeverity;
  message: string;
}

/** What the consent view shows, and what decides whether Open is possible. */
export interface UrlAnalysis {
  /** The URL exactly as the agent sent it. */
  original: string;
  /** Re-serialised by the WHATWG URL parser; the only form that is ever opened. Undefined when unparseable. */
  normalized?: string;
  /** e.g. `https:` */
  scheme?: string;
  /** Host as ASCII (punycode `xn--…` kept). */
  hostAscii?: string;
  /** Host with IDN labels decoded to Unicode, for display beside the ASCII form. */
  hostUnicode?: string;
  /** Registrable domain (eTLD+1, private suffixes honoured: `attacker.github.io`), ASCII. */
  registrableDomain?: string;
  /** Everything of the host before the registrable domain, e.g. `accounts.` for `accounts.example.com`. */
  subdomain?: string;
  /** Explicit non-default port, if any. */
  port?: string;
  pathLength: number;
  queryLength: number;
  findings: UrlFinding[];
  /** False when any finding is `blocked`: the broker answers `decline` and the UI only explains why. */
  openable: boolean;
}

export declare function analyzeUrl(url: string): UrlAnalysis;
