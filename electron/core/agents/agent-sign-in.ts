/**
 * Signing in to an agent with one of its `authMethods`. Elicitations the agent sends while this is pending are
 * request-scoped and labelled "while signing in" (spec E-REQ-3).
 */
import { SIGN_IN_LABEL } from '../acp/request-labels';
import type { CoreContext } from '../core-context';
import { terminalSignInFor } from './launch-spec';

/** The `authenticate` and `cancelAuthenticate` commands over the agents registry. */
export class AgentSignIn {
  constructor(private readonly ctx: CoreContext) {}

  /**
   * Signs in with `methodId`; `cancel` gives up. A terminal method is refused with the command to run.
   * @throws Error, a plain sentence: not ready, already signing in, no such method, cancelled or failed.
   */
  async authenticate(agentId: string, methodId: string): Promise<void> {
    const { agents } = this.ctx;
    const runtime = agents.require(agentId);
    const connection = runtime.connection;
    if (!connection || runtime.view.status.kind !== 'ready') throw new Error(`${runtime.config.name} is not ready.`);
    if (runtime.signIn) throw new Error(`Already signing in to ${runtime.config.name}.`);
    const method = runtime.view.authMethods.find((m) => m.methodId === methodId);
    if (!method) throw new Error('The agent does not offer that sign-in method.');
    if (method.terminalCommand) throw new Error(`To sign in, run this in a terminal, then start a session: ${method.terminalCommand}`);
    const terminal = terminalSignInFor(runtime.config, connection.authMethods.find((m) => m.methodId === methodId)?.terminal, this.ctx.options.builtinAgents);
    if (terminal && 'refused' in terminal) throw new Error(terminal.refused);
    const signIn = new AbortController();
    runtime.signIn = signIn;
    agents.setView(runtime, { signingIn: { methodId } });
    try {
      await connection.authenticate(methodId, signIn.signal);
      if (runtime.connection === connection) agents.setView(runtime, { signedIn: { methodId } });
      this.ctx.emit({ type: 'notice', level: 'info', agentId, text: `Signed in to ${runtime.config.name}.` });
    } catch (error) {
      if (signIn.signal.aborted) throw new Error('Sign-in cancelled.');
      // The user's own No on the sign-in page's request ends the sign-in; saying it failed, in red, would blame them.
      if (runtime.signInRefusedByUser) {
        this.ctx.emit({ type: 'notice', level: 'info', agentId, text: 'Sign-in cancelled.' });
        return;
      }
      throw new Error(`Sign-in to ${runtime.config.name} failed: ${(error as Error).message}`);
    } finally {
      runtime.signIn = undefined;
      runtime.signInRefusedByUser = undefined;
      if (runtime.connection === connection) agents.setView(runtime, { signingIn: undefined });
    }
  }

  /** Gives up the pending sign-in. @throws Error "There is no such agent." */
  cancel(agentId: string): void {
    const runtime = this.ctx.agents.require(agentId);
    // Pages opened for this sign-in read "You cancelled the sign-in", whatever the agent answers next.
    if (runtime.signIn && runtime.connectionId) this.ctx.broker.requestCancelledByUser(runtime.connectionId, SIGN_IN_LABEL);
    runtime.signIn?.abort();
  }

  /** The user declined or cancelled the pending sign-in's own request: its failure is then their choice. */
  refusedByUser(agentId: string): void {
    const runtime = this.ctx.agents.get(agentId);
    if (runtime?.signIn) runtime.signInRefusedByUser = true;
  }
}
