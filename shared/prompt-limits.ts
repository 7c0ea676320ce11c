/**
 * Limits on what one prompt carries, shared by the bridge's schemas (shared/bridge.ts) and the composer. In a module
 * of their own so the renderer can read them without importing the bridge's zod schemas: that one import of two
 * constants put all of zod into the renderer's start-up JavaScript (docs/performance.md).
 */

/** Attachments one prompt may carry: enough for a handful of files and screenshots. */
export const MAX_PROMPT_ATTACHMENTS = 50;
/** Bytes of one image (before base64): larger screenshots are refused with a sentence, not sent. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Characters of pasted text that become an attachment instead of composer text. */
export const LONG_PASTE_CHARS = 2000;
