import { createContext } from 'react';

/**
 * Opens a link the user clicked in agent text (through main's checks); provided per rendered message so its
 * errors show beside it. `text` is the link's visible text: main refuses a link whose text names another host.
 * Shared by the light message shell (Markdown.tsx) and the lazily loaded parser
 * (MarkdownBlock.tsx).
 */
export const LinkOpener = createContext<(url: string, text: string) => void>(() => {});
