/**
 * The demo agent's optional sign-in (auth method `demo-login`): `authenticate` in ACP v1, `auth/login` in v2.
 * While the client's request is pending, the agent sends a request-scoped URL elicitation (`requestId` = that
 * request's JSON-RPC id) pointing to its loopback authorize page ({@link SignInPages}); the request succeeds
 * when the page's callback arrives, after `elicitation/complete`. Nothing else requires signing in.
 */
import { randomUUID } from 'node:crypto';
import { RequestError, type JsonRpcId, type SendRequestOptions } from '@agentclientprotocol/sdk';
import type { ElicitationAnswer } from './host';
import { log, signInTimeoutMs } from './info';
import type { PageRegistration, SignInPages } from './pages';
import type { ElicitationModes } from './turn-host';
import { settleElicitation } from './answer-outcomes';

/** The one auth method the demo agent advertises. */
export const DEMO_AUTH_METHOD = {
  id: 'demo-login',
  name: 'Demo sign-in',
  description:
    'Sign in to the demo service on a page the demo agent serves on this computer (optional: everything works without it).',
} as const;

/** The account name the demo service "signs in". */
export const DEMO_USER = 'demo-user';

/** JSON-RPC error code for a sign-in that did not happen (the SDK's "authentication required" code). */
export const SIGN_IN_FAILED = -32000;

/** Whether this connection signed in, and whether the next prompt should say so. */
export class DemoAccount {
  private user?: string;
  private announce = false;

  get signedIn(): boolean {
    return this.user !== undefined;
  }

  signIn(user = DEMO_USER): void {
    this.user = user;
    this.announce = true;
  }

  signOut(): void {
    this.user = undefined;
    this.announce = false;
  }

  /** "Signed in as …" once after each sign-in (for the next prompt), else undefined. */
  takeAnnouncement(): string | undefined {
    if (!this.announce || !this.user) return undefined;
    this.announce = false;
    return `Signed in as ${this.user}.`;
  }

  /** One line for the help text. */
  status(): string {
    return this.user
      ? `Signed in as ${this.user}.`
      : `You are not signed in. Signing in is optional: use the agent's "${DEMO_AUTH_METHOD.name}" method.`;
  }
}

/** What the session-independent parts of the agent share: the page server and the sign-in state. */
export interface DemoServices {
  pages: SignInPages;
  account: DemoAccount;
}

/** How a wait for a page's callback ended. */
export type CallbackWait = 'completed' | 'aborted' | 'timeout' | 'expired';

/**
 * Waits for the registration's callback, at most `timeoutMs` (0: no limit), stopping early when `signal`
 * aborts.
 */
export function waitForCallback(
  registration: PageRegistration,
  signal: AbortSignal,
  timeoutMs = signInTimeoutMs(),
): Promise<CallbackWait> {
  if (registration.done) return Promise.resolve('completed');
  if (signal.aborted) return Promise.resolve('aborted');
  return new Promise<CallbackWait>((resolve) => {
    const timer = timeoutMs > 0 ? setTimeout(() => finish('timeout'), timeoutMs) : undefined;
    const onAbort = () => finish('aborted');
    signal.addEventListener('abort', onAbort, { once: true });
    registration.completed.then(
      () => finish('completed'),
      () => finish('expired'),
    );
    function finish(result: CallbackWait): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    }
  });
}

/** Params of the request-scoped URL elicitation; each protocol adapter adds `mode: "url"` and sends it. */
export interface SignInElicitation {
  requestId: string | number;
  message: string;
  elicitationId: string;
  url: string;
}

/** One `authenticate` / `auth/login` request, as the protocol adapters hand it over. */
export interface SignInRequest {
  methodId: string;
  /** JSON-RPC id of the client's request: the elicitation's `requestId`. */
  requestId: JsonRpcId;
  /** Aborted by the client's `$/cancel_request` for that request, or when the connection closes. */
  signal: AbortSignal;
  modes: ElicitationModes;
  services: DemoServices;
  /** Sends `elicitation/create`; resolves with the client's answer. */
  elicit(params: SignInElicitation, options: SendRequestOptions): Promise<ElicitationAnswer>;
  /** Sends `elicitation/complete`. */
  complete(elicitationId: string): Promise<void>;
}

/**
 * Runs one sign-in. Resolves when the user finished on the authorize page (after `elicitation/complete` was
 * sent); rejects with a {@link RequestError} otherwise: -32602 for another method id, -32800 when the client
 * cancelled its request, {@link SIGN_IN_FAILED} (-32000) with `data.reason` for everything else.
 */
export async function runSignIn(request: SignInRequest): Promise<void> {
  const { methodId, requestId, signal, modes, services } = request;
  if (methodId !== DEMO_AUTH_METHOD.id) {
    throw RequestError.invalidParams({ methodId }, `unknown auth method ${JSON.stringify(methodId)}`);
  }
  if (!modes.url) {
    throw new RequestError(
      SIGN_IN_FAILED,
      'Demo sign-in needs URL-mode elicitation, which the client did not advertise in initialize (elicitation.url)',
      { reason: 'url-mode-not-advertised' },
    );
  }
  if (requestId === null) throw RequestError.invalidRequest(undefined, 'a sign-in request needs a non-null id');

  const elicitationId = randomUUID();
  const registration = await services.pages.register(elicitationId);
  log(`sign-in: request ${JSON.stringify(requestId)} asks through elicitation ${elicitationId}`);
  // `elicitation/complete` goes out as soon as the callback arrives, even before the client's answer.
  const completion = registration.completed.then(() => request.complete(elicitationId));
  completion.catch(() => undefined);
  try {
    const answer = request.elicit(
      { requestId, message: 'Sign in to the demo service to continue.', elicitationId, url: registration.url },
      // The client gave up on its request (or the connection closed): withdraw the question too.
      { cancellationSignal: signal, stopWaitingOnCancel: true },
    );
    const outcome = await settleElicitation(answer, signal, undefined);
    if (outcome.kind === 'turn-cancelled') throw RequestError.requestCancelled(undefined, 'sign-in cancelled by the client');
    if (outcome.kind !== 'accept' && !registration.done) {
      if (outcome.kind === 'decline') {
        throw new RequestError(SIGN_IN_FAILED, 'Demo sign-in declined: you chose not to open the sign-in page', {
          reason: 'declined',
        });
      }
      if (outcome.kind === 'cancel') {
        throw new RequestError(SIGN_IN_FAILED, 'Demo sign-in cancelled', { reason: 'cancelled' });
      }
      const detail = outcome.kind === 'error' ? `${outcome.message} (${outcome.code})` : outcome.kind;
      throw new RequestError(SIGN_IN_FAILED, `Demo sign-in failed: the client refused the sign-in page: ${detail}`, {
        reason: 'elicitation-error',
        ...(outcome.kind === 'error' ? { code: outcome.code } : {}),
      });
    }
    const waited = await waitForCallback(registration, signal);
    if (waited === 'aborted') throw RequestError.requestCancelled(undefined, 'sign-in cancelled by the client');
    if (waited !== 'completed') {
      throw new RequestError(SIGN_IN_FAILED, 'Demo sign-in timed out: the sign-in page was not completed', {
        reason: waited,
      });
    }
    await completion;
    services.account.signIn();
    log(`sign-in: request ${JSON.stringify(requestId)} signed in`);
  } finally {
    registration.dispose();
  }
}
