/** React access to the one bridge object (architecture rule 2); components never reach `window` for it. */
import { createContext, useContext } from 'react';
import type { SwitchboardBridge } from '../../../shared/bridge';
import { revealInvisible } from '../../../shared/visible-text';

/** Provides the bridge to every component; `main.tsx` sets it once. */
export const BridgeContext = createContext<SwitchboardBridge | null>(null);

/** Returns the bridge provided by `main.tsx`; throws if a component renders outside the provider. */
export function useBridge(): SwitchboardBridge {
  const bridge = useContext(BridgeContext);
  if (!bridge) throw new Error('The bridge is missing: render inside <BridgeContext value={bridge}>.');
  return bridge;
}

/** The plain sentence of a rejected `invoke` (the bridge rejects with an `Error` whose message is for the user). */
export function errorSentence(error: unknown): string {
  // Error sentences can quote the agent; what it wrote is shown with its invisible characters visible.
  if (error instanceof Error && error.message) return revealInvisible(error.message);
  if (typeof error === 'string' && error) return revealInvisible(error);
  return 'Something went wrong. Try again.';
}
