/**
 * Assembles the demo agent: one session registry and one sign-in page server shared by a v1 and a v2 agent app
 * behind the SDK's protocol router, which answers a client's `initialize` with the highest version both sides
 * speak.
 */
import { agentProtocolRouter, type AgentProtocolRouter } from '@agentclientprotocol/sdk/experimental/v2';
import type { ProtocolVersion } from './info';
import { SignInPages } from './pages';
import { DemoAccount, type DemoServices } from './signin';
import { SessionRegistry } from './session-registry';
import { createV1Agent } from './v1';
import { createV2Agent } from './v2';

/** The router to connect to a stream, the sessions it serves, and its sign-in pages and state. */
export interface DemoAgent {
  router: AgentProtocolRouter;
  sessions: SessionRegistry;
  /** Close `services.pages` when the connection ends. */
  services: DemoServices;
}

/**
 * Builds the demo agent. With `forced` unset it serves both versions: an `initialize` offering 2 (or more) is
 * answered 2, one offering 1 is answered 1. `forced: 1` configures only v1, so the router answers 1 even to
 * a v2 offer (its legacy fallback); `forced: 2` configures only v2, so v1-only clients are refused.
 */
export function createDemoAgent(forced?: ProtocolVersion): DemoAgent {
  const sessions = new SessionRegistry();
  const services: DemoServices = { pages: new SignInPages(), account: new DemoAccount() };
  const router = agentProtocolRouter();
  if (forced !== 2) router.withV1(createV1Agent(sessions, services));
  if (forced !== 1) router.withV2(createV2Agent(sessions, services));
  return { router, sessions, services };
}
