import { lazy, Suspense, type ComponentProps } from 'react';
import { CardShell } from './CardShell';

/**
 * The URL card and its address analysis (tldts and the public-suffix list, the renderer's second-heaviest
 * dependency) load the first time a URL-mode request arrives, not at start (issue 13, scope 3).
 */
const UrlCardChunk = lazy(() => import('./UrlCard').then((module) => ({ default: module.UrlCard })));

type UrlCardProps = ComponentProps<typeof UrlCardChunk>;

/**
 * {@link UrlCard}, loaded when first needed. Until then the request shows as a card with its header (the agent
 * named, spec E-REQ-7) and no way to open anything: consent is only offered once the address has been analysed.
 */
export function LazyUrlCard(props: UrlCardProps) {
  return (
    <Suspense
      fallback={
        <CardShell item={props.item} sessionName={props.sessionName}>
          <p className="muted">Checking the address…</p>
        </CardShell>
      }
    >
      <UrlCardChunk {...props} />
    </Suspense>
  );
}
