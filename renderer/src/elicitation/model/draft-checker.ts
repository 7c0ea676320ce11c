/**
 * Asks main to check (and save) a form draft, at most once per quiet period.
 *
 * Every keystroke validates through main (spec E-FORM-5: ajv + RE2 live there), which also keeps the draft
 * (architecture rule 7). Calls within {@link DRAFT_DEBOUNCE_MS} of each other share one `saveDraft` for the
 * latest values; every caller gets that result. A save still waiting when the card goes away is sent
 * anyway: it only stores the last typed draft, and main answers an error if the item is gone. A check that
 * keeps nothing (the values a card starts with) is a `checkFormValues`, unless it shares a call with one that keeps.
 */
import type { SwitchboardBridge } from '../../../../shared/bridge';
import type { FormCheck, FormValues } from '../../../../shared/form-schema/types';

export const DRAFT_DEBOUNCE_MS = 150;

interface Waiter {
  resolve: (check: FormCheck) => void;
  reject: (error: unknown) => void;
}

/** One per card: debounced `saveDraft` calls (`checkFormValues` when no caller keeps) whose newest result is reported to `onResult`. */
export class DraftChecker {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiters: Waiter[] = [];
  private latest: FormValues = {};
  /** Whether a waiting caller wants the values kept as the draft. */
  private keep = false;
  private sent = 0;
  private newestApplied = 0;

  constructor(
    private readonly bridge: SwitchboardBridge,
    private readonly itemId: string,
    /** Receives each result that is newer than every result before it. */
    private readonly onResult: (check: FormCheck) => void,
  ) {}

  /**
   * Checks `values` (keyed by property name); `immediate` skips the debounce (Review needs a fresh verdict).
   * `keep: false` only checks them: main stores no draft and tells no one (the values a card starts with).
   */
  check(values: FormValues, immediate: boolean, { keep = true }: { keep?: boolean } = {}): Promise<FormCheck> {
    return new Promise<FormCheck>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.latest = values;
      this.keep ||= keep;
      clearTimeout(this.timer);
      if (immediate) this.run();
      else this.timer = setTimeout(() => this.run(), DRAFT_DEBOUNCE_MS);
    });
  }

  private run(): void {
    this.timer = undefined;
    const waiters = this.waiters;
    this.waiters = [];
    const command = this.keep ? 'saveDraft' : 'checkFormValues';
    this.keep = false;
    const seq = ++this.sent;
    this.bridge.invoke(command, { itemId: this.itemId, values: this.latest }).then(
      (check) => {
        if (seq > this.newestApplied) {
          this.newestApplied = seq;
          this.onResult(check);
        }
        for (const waiter of waiters) waiter.resolve(check);
      },
      (error: unknown) => {
        for (const waiter of waiters) waiter.reject(error);
      },
    );
  }
}
