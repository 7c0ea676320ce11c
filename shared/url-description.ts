/**
 * A URL-mode request's address as main analysed it once for the consent view (spec E-URL-3, E-URL-4; architecture
 * rule 10). Main builds it (electron/core/elicitation/url-descriptions.ts) from shared/url-analysis.ts; the card
 * draws it and never analyses the address again. Types only.
 */
import type { UrlFinding } from './url-analysis';

/** A host split for display: the part before the registrable domain in normal weight, the domain emphasized. */
export interface HostParts {
  /** e.g. `accounts.`; empty when the host is the registrable domain itself. */
  prefix: string;
  /** e.g. `example.com`; the whole host for IP addresses and names without a public suffix (`localhost`). */
  domain: string;
}

/** The host forms to show: Unicode (as a browser would display it) and, when it differs, the ASCII `xn--` form. */
export interface HostDisplay {
  ascii: HostParts;
  /** Present only when the Unicode form differs from the ASCII one (an internationalized host). */
  unicode?: HostParts;
  port?: string;
}

/** What the consent view shows about one address, and whether Open is possible. */
export interface UrlDescription {
  /** False when any finding is `blocked`: the request was refused and the card only explains why. */
  openable: boolean;
  /** The host to emphasise; absent when the address names none (unparseable, `data:` …). */
  host?: HostDisplay;
  /** The re-serialised address, the only form ever opened; absent when unparseable. */
  normalized?: string;
  /** `normalized`, when it reads differently from what the agent sent beyond the parser's trailing slash. */
  opensAs?: string;
  /** The consent view's findings in order, the notes about an address on this computer said once. */
  findings: UrlFinding[];
  /** The findings still shown once agreed to, when the user must open the page themselves: no notes. */
  cautions: UrlFinding[];
  /**
   * Set when the host may imitate another site's (spec E-URL-4): why, as the clause after "Open <domain> anyway?".
   * The card then makes Decline its primary button and has Open ask once more.
   */
  lookalike?: string;
}
