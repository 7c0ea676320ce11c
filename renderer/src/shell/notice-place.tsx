import { createContext, useContext } from 'react';

/**
 * Where the notices strip goes (floating over the top of the
 * column, notices covered the agent header, Restart agent and Sign in for their 4–8 s). A view with a better place
 * than the window's default dock renders a {@link NoticePlace}: the session view puts it between the transcript
 * and the composer, so a notice takes room from the transcript's bottom edge (which keeps following) and never
 * covers, or moves, a control. The app draws the strip there through a portal while that place exists.
 */
export const NoticePlaceContext = createContext<(element: HTMLElement | null) => void>(() => undefined);

/** An empty, in-flow slot the app fills with the notices strip while it is mounted; it takes no room when empty. */
export function NoticePlace() {
  const register = useContext(NoticePlaceContext);
  return <div className="notice-place" ref={register} />;
}
