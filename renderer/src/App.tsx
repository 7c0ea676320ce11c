import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { AgentPane } from './agents/AgentPane';
import { AgentSidebar, AppActions } from './agents/AgentSidebar';
import { AgentDialogs, type AgentDialog } from './agents/AgentDialogs';
import { Notices } from './shell/Notices';
import { connectionEnded, connectionSentence } from './shell/model/connection-text';
import { NoticePlaceContext } from './shell/notice-place';
import { PaneSwitch, type Pane } from './shell/PaneSwitch';
import { useOnePane } from './shell/one-pane';
import { useFocusRescue } from './shell/focus-rescue';
import { focusedItemId, useWindowShortcuts } from './shell/window-shortcuts';
import { QueuePanel } from './elicitation/QueuePanel';
import { WaitingForYou } from './elicitation/WaitingForYou';
import { HistoryView } from './history/HistoryView';
import { sessionNames } from './shell/model/format';
import { pendingCounts, queueOfAgent, unreadCounts, waitingItems, type AppStore, type NoticeAction } from './state/model/store';
import { StoreContext } from './state/store-context';
import { othersWaiting } from './elicitation/model/queue-view';
import type { ComposerDrafts } from './session/model/composer-drafts';
import { useAppState } from './shell/use-app-state';
import { ViewBoundary } from './shell/ViewBoundary';
import { afterPaint } from './shell/after-paint';
import { ExplainDeclineContext, type DeclineToExplain } from './session/transcript/record-actions';
import { explainDeclineText } from './session/transcript/model/decline-text';
import './App.css';

/**
 * The whole window: agents sidebar, the selected agent's sessions (or every agent's waiting requests), its request
 * queue, the agent-management dialogs and the notices. Renders from the store only; every action goes through the
 * bridge (architecture rules 2, 3, 7). Which agent, session and card are on screen is store state too, so that
 * main's `focusItem` (the user clicked a notification) can change it.
 */
export function App({ store }: { store: AppStore }) {
  const state = useAppState(store);
  const [composerTexts, setComposerTexts] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<AgentDialog | null>(null);
  /** Which pane a narrow window shows (see PaneSwitch); wider windows show both and ignore it. */
  const [pane, setPane] = useState<Pane>('session');

  const agent = state.agents.find((a) => a.agentId === state.selectedAgentId) ?? state.agents[0] ?? null;
  const counts = useMemo(() => pendingCounts(state.queue), [state.queue]);
  const unread = useMemo(() => unreadCounts(state.queue, state.seen), [state.queue, state.seen]);
  const waiting = useMemo(() => waitingItems(state.queue), [state.queue]);
  const items = useMemo(() => (agent ? queueOfAgent(state.queue, agent.agentId) : []), [state.queue, agent]);
  const others = useMemo(() => othersWaiting(state.agents, counts, agent?.agentId ?? null), [state.agents, counts, agent]);

  const names = useMemo(() => sessionNames(state.sessions), [state.sessions]);
  const storeValue = useMemo(() => ({ store, state, sessionNames: names }), [store, state, names]);
  const selectAgent = useCallback((agentId: string) => store.dispatch({ type: 'selectAgent', agentId }), [store]);
  const revealItem = useCallback((itemId: string) => store.dispatch({ type: 'revealItem', itemId }), [store]);
  const showWaiting = useCallback(() => store.dispatch({ type: 'showWaiting' }), [store]);
  const showHistory = useCallback(() => store.dispatch({ type: 'showHistory' }), [store]);
  const showSession = useCallback((agentId: string, sessionKey: string) => store.dispatch({ type: 'showSession', agentId, sessionKey }), [store]);
  const dismissNotice = useCallback((noticeId: number) => store.dispatch({ type: 'dismissNotice', noticeId }), [store]);
  // Next / Previous waiting request: from the card in focus (else the last one shown), into the next one's first field.
  const stepWaiting = useCallback(
    (direction: 1 | -1) => store.dispatch({ type: 'stepWaiting', direction, from: focusedItemId() }),
    [store],
  );

  // Native-menu commands from main (the menu's accelerators work wherever focus is). A command is handled
  // once per `seq`: opening a dialog is state derived while rendering, focusing a field is an effect.
  const [handledMenuSeq, setHandledMenuSeq] = useState(0);
  const menuCommand = state.menuCommand;
  if (menuCommand && menuCommand.seq !== handledMenuSeq) {
    setHandledMenuSeq(menuCommand.seq);
    if (menuCommand.command === 'addAgent') setDialog({ kind: 'add' });
    if (menuCommand.command === 'settings') setDialog((open) => open ?? { kind: 'settings' });
  }
  // Never over another dialog: that would throw away what is typed in it.
  const openSettings = useCallback(() => setDialog((open) => open ?? { kind: 'settings' }), []);
  useWindowShortcuts((command) => (command === 'settings' ? openSettings() : stepWaiting(command === 'nextWaitingRequest' ? 1 : -1)));
  useEffect(() => {
    if (menuCommand?.command === 'nextWaitingRequest') stepWaiting(1);
    if (menuCommand?.command === 'previousWaitingRequest') stepWaiting(-1);
  }, [menuCommand, stepWaiting]);
  useEffect(() => {
    // New session: the selected agent's working-folder field, ready for Enter.
    if (menuCommand?.command === 'newSession') document.querySelector<HTMLInputElement>('.new-session-cwd')?.focus();
  }, [menuCommand]);

  const total = waiting.length;
  // After the paint: setting the title costs the commit that draws a new card ~2 ms.
  useEffect(
    () =>
      afterPaint(() => {
        document.title = total > 0 ? `(${total}) Switchboard` : 'Switchboard';
      }),
    [total],
  );

  const setComposerText = useCallback((sessionKey: string, text: string | ((previous: string) => string)) => {
    setComposerTexts((all) => {
      const previous = all[sessionKey] ?? '';
      const next = typeof text === 'function' ? text(previous) : text;
      return next === previous ? all : { ...all, [sessionKey]: next };
    });
  }, []);

  // A notice's one step: Show a request, or after a Decline open that session's composer to say why — an
  // ordinary prompt, started for the user; what they had typed there stays.
  const [composeFor, setComposeFor] = useState<string | null>(null);
  const onNoticeAction = useCallback(
    (action: NoticeAction) => {
      if (action.kind === 'show') return revealItem(action.itemId);
      setPane('session');
      showSession(action.agentId, action.sessionKey);
      setComposerText(action.sessionKey, (previous) => (previous.trim() ? previous : explainDeclineText(action.question)));
      setComposeFor(action.sessionKey);
    },
    [revealItem, showSession, setComposerText],
  );
  const composer = useMemo<ComposerDrafts>(
    () => ({
      text: (sessionKey) => composerTexts[sessionKey] ?? '',
      setText: setComposerText,
      composeFor,
      composed: () => setComposeFor(null),
    }),
    [composerTexts, setComposerText, composeFor],
  );
  // A record's "Tell the agent why…" takes the notice's path: one handler (SessionView binds it to its session).
  const explainDecline = useCallback((target: DeclineToExplain) => onNoticeAction({ kind: 'explain', ...target }), [onNoticeAction]);

  useFocusRescue();
  const waitingView = state.view === 'waiting';
  const historyView = state.view === 'history';
  // Nothing in the Requests column: it goes away and the session takes the room.
  const queueEmpty = items.length === 0 && others.length === 0;
  // Nothing from this agent, only other agents' requests: a narrow column that points at them (App.css).
  const queueIdle = items.length === 0 && others.length > 0;

  // Narrow windows show one pane at a time. Whatever asks for a card (Show, Next / Previous
  // waiting request, a notification) switches to the requests; a request arriving never does by itself. With
  // nothing waiting there is no switch, and the next request starts from the session again.
  const [handledRevealSeq, setHandledRevealSeq] = useState(state.reveal?.seq ?? 0);
  if (state.reveal && state.reveal.seq !== handledRevealSeq) {
    setHandledRevealSeq(state.reveal.seq);
    setPane('requests');
  }
  if (queueEmpty && pane !== 'session') setPane('session');
  const onePane = useOnePane();
  // A choice in the sidebar (an agent, Waiting for you, History) is shown in the left pane, so a narrow window
  // brings that pane forward; otherwise the click changed only the tab's label.
  const fromSidebar =
    <A extends unknown[]>(choose: (...args: A) => void) =>
    (...args: A) => {
      setPane('session');
      choose(...args);
    };
  const layout = queueEmpty ? ' queue-empty' : ` pane-${pane}${queueIdle ? ' queue-idle' : ''}`;
  // Notices go where they cover nothing (notice-place.tsx): above the composer of the session on screen, else in
  // the window's dock under the pane, which is also where a narrow window showing the requests has them.
  const [noticeDock, setNoticeDock] = useState<HTMLElement | null>(null);
  const [sessionNoticePlace, setSessionNoticePlace] = useState<HTMLElement | null>(null);
  const requestsInFront = onePane && !queueEmpty && pane === 'requests';
  // A pane that could not be drawn draws again by itself once the user chooses another view, agent or session.
  const workspaceKey = `${state.view}:${agent?.agentId ?? ''}:${(agent && state.selectedSessions[agent.agentId]) ?? ''}`;
  const noticeTarget = requestsInFront ? noticeDock : (sessionNoticePlace ?? noticeDock);
  return (
    <StoreContext value={storeValue}>
    <div className={`app${layout}`}>
      <AgentSidebar
        agents={state.agents}
        selectedAgentId={waitingView || historyView ? null : (agent?.agentId ?? null)}
        counts={counts}
        unread={unread}
        waitingView={waitingView}
        onSelect={fromSidebar(selectAgent)}
        onShowWaiting={fromSidebar(showWaiting)}
        historyView={historyView}
        onShowHistory={fromSidebar(showHistory)}
        onDialog={setDialog}
      />
      <PaneSwitch
        shown={!queueEmpty}
        onePane={onePane}
        pane={pane}
        onPane={setPane}
        firstLabel={historyView ? 'History' : waitingView ? 'Waiting for you' : 'Session'}
        waiting={total}
        sessionPaneId="workspace-pane"
        requestsPaneId="requests-pane"
      />
      {/* The window's own place for notices: under the left-hand pane, in the flow (App.css). */}
      <div className="notice-dock" ref={setNoticeDock} />
      {noticeTarget &&
        createPortal(
          <Notices notices={state.notices} connection={state.connection} loaded={state.loaded} onDismiss={dismissNotice} onAction={onNoticeAction} />,
          noticeTarget,
        )}
      <main className="workspace" id="workspace-pane">
        <ViewBoundary what={historyView ? 'History' : waitingView ? 'Waiting for you' : 'This agent’s sessions'} resetKey={workspaceKey}>
        {!state.loaded ? (
          <p className="empty-note">{connectionEnded(state.connection) ? connectionSentence(state.connection) : 'Connecting to Switchboard…'}</p>
        ) : historyView ? (
          <HistoryView agents={state.agents} historyVersion={state.historyVersion} onShowSession={showSession} sessionNames={names} />
        ) : waitingView ? (
          <WaitingForYou items={waiting} seen={state.seen} sessionNames={names} onOpen={revealItem} />
        ) : agent ? (
          <ExplainDeclineContext.Provider value={explainDecline}>
            <NoticePlaceContext.Provider value={setSessionNoticePlace}>
            <AgentPane key={agent.agentId} agent={agent} composer={composer} onDialog={setDialog} />
            </NoticePlaceContext.Provider>
          </ExplainDeclineContext.Provider>
        ) : (
          <div className="empty-session">
            <p>No agents are configured.</p>
            <p className="muted">Press Add agent to set one up, or Import from Zed.</p>
          </div>
        )}
        </ViewBoundary>
      </main>
      {!queueEmpty && (
        <ViewBoundary what="The requests" resetKey={agent?.agentId}>
        <QueuePanel agent={agent} id="requests-pane" onScreen={!onePane || pane === 'requests'} />
        </ViewBoundary>
      )}
      {/* Drawn at the sidebar's foot, but after the panes in Tab order (AgentSidebar.tsx). */}
      <AppActions onDialog={setDialog} />
      <ViewBoundary what="This dialog" resetKey={dialog?.kind}>
        <AgentDialogs dialog={dialog} agents={state.agents} mcpServers={state.mcpServers} onClose={() => setDialog(null)} onSelectAgent={selectAgent} />
      </ViewBoundary>
    </div>
    </StoreContext>
  );
}
