/** View types of the links the user clicks in an agent's message (the `openExternal` command's answer). */

/**
 * Why a link the user clicked in an agent's message waits for their go-ahead, as main found it (spec E-URL-3,
 * E-URL-4): the dialog names `host` from main's parse of the address, never the link's text.
 */
export interface LinkConsentView {
  /** The re-serialised address that Open opens, in full. */
  address: string;
  /** The real host, its actual (ASCII, `xn--`) name; a very long one keeps its end after "…". */
  host: string;
  /** The registrable domain `host` ends with (`example.net` in `login.example.net`), to emphasise; absent for IP addresses and `localhost`. */
  domain?: string;
  /** How the host would be displayed (Unicode), when that differs from `host`: it may imitate another name. */
  hostUnicode?: string;
  /** Plain sentences, at least one: the link's text naming another host, then URL mode's warnings. */
  warnings: string[];
}
