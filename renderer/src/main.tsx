/**
 * Renderer entry: finds the bridge, mirrors main's state into the store, and renders the app.
 * On every (re)connect it loads a fresh snapshot, so a reload or a dropped socket loses nothing
 * (architecture rule 7).
 */
// The shared base first, so every component's own stylesheet (imported beside it) comes after it and can refine it.
import './base/tokens.css';
import './base/reset.css';
import './base/controls.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { BridgeContext, errorSentence } from './shell/bridge-context';
import { connectBridge, missingHarnessToken } from './shell/bridge-client';
import { MissingToken } from './shell/MissingToken';
import { createAppStore } from './state/model/store';
import { applyTheme, savedTheme } from './shell/theme';
import { clockTime } from './shell/model/format';
import { afterPaint } from './shell/after-paint';
import { ViewBoundary } from './shell/ViewBoundary';
import { warmUpFormCard } from './elicitation/warm-up';

function start(): void {
  applyTheme(savedTheme(), false);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  if (missingHarnessToken()) {
    createRoot(container).render(
      <StrictMode>
        <MissingToken />
      </StrictMode>,
    );
    return;
  }

  const connection = connectBridge();
  const store = createAppStore();
  connection.bridge.subscribe((events) => store.dispatch({ type: 'events', events }));
  store.dispatch({ type: 'connection', status: connection.getStatus() });
  connection.onStatus((status) => store.dispatch({ type: 'connection', status }));
  connection.onOpen(() => {
    connection.bridge.invoke('getSnapshot', {}).then(
      (snapshot) => {
        store.dispatch({ type: 'events', events: [{ type: 'snapshot', snapshot }] });
        warmUpOnce();
      },
      (error: unknown) =>
        store.dispatch({
          type: 'localNotice',
          level: 'error',
          text: `Could not load the current state: ${errorSentence(error)}`,
        }),
    );
  });

  // The cards' clock formatter, built at the first idle moment after the first snapshot has been drawn. Built by the
  // first card's header instead, it loaded the locale's data inside the commit that draws that card (16 ms in a trace
  // of the renderer bench); built at the page's first idle moment, that moment came while the page waited
  // for its socket, and the 15–40 ms it takes then held up the agent list's first paint. At the first long
  // idle moment after that, a form card is drawn off the document, so the first request's card does not pay for the
  // form code's first run (elicitation/warm-up.tsx).
  let warmedUp = false;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  const warmUpOnce = () => {
    if (warmedUp) return;
    warmedUp = true;
    afterPaint(() =>
      whenIdle(() => {
        clockTime(Date.now());
        warmUpFormCard();
      }),
    );
  };

  createRoot(container).render(
    <StrictMode>
      <BridgeContext value={connection.bridge}>
        {/* The last resort: each pane and dialog has its own boundary (App.tsx), so this one is seldom reached. */}
        <ViewBoundary what="Switchboard’s window">
          <App store={store} />
        </ViewBoundary>
      </BridgeContext>
    </StrictMode>,
  );
}

start();
