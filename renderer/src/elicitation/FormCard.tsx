import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { afterPaint } from '../shell/after-paint';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { FormItemView } from '../../../shared/views/requests';
import { initialValues } from '../../../shared/form-schema/initial-values';
import { secretFields } from '../../../shared/form-schema/secrets';
import type { FieldSpec, FormCheck, FormValues } from '../../../shared/form-schema/types';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { agentIdentity } from '../shell/model/format';
import { checkAllowsSend, fieldKey, isSupported, keyedErrors, showsTheSame, startValues, toPropertyValues } from './model/form-values';
import { CardMessage } from './CardMessage';
import { CardShell } from './CardShell';
import { DraftChecker } from './model/draft-checker';
import { FormCardActions } from './FormCardActions';
import { FormErrors } from './FormErrors';
import { FormFields } from './FormFields';
import { ReadOnlyValues } from './ReadOnlyValues';
import { ReviewBlocked } from './ReviewBlocked';
import { ReviewSummary } from './ReviewSummary';
import { SecretWarnings } from './SecretWarnings';
import './FormCard.css';

interface FormCardProps {
  item: FormItemView;
  /**
   * Called once an answer or a dismissal was accepted by main; `hadFocus` says whether keyboard focus was
   * inside this card, so the queue can move it somewhere sensible before the card disappears.
   */
  onSettled: (itemId: string, hadFocus: boolean) => void;
  /**
   * Called after main accepted the user's Decline (not Cancel, not Escape), so the queue can offer a way to say
   * why, e.g. "Decline and explain".
   */
  onDeclined?: (item: FormItemView) => void;
  /** The session's display name, as the session tabs show it (session-scoped items only). */
  sessionName?: string;
}

type Busy = null | 'review' | 'accept' | 'decline' | 'cancel' | 'dismiss';
type Answered = null | 'accept' | 'decline' | 'cancel' | 'dismiss';

const ANSWERED_TEXT: Record<Exclude<Answered, null>, string> = {
  accept: 'Sent to the agent.',
  decline: 'Declined.',
  cancel: 'Cancelled.',
  dismiss: 'Dismissed.',
};

/**
 * One form-mode elicitation as a card (spec E-REQ-6/7, E-FORM-3/4/5/9/12, E-RES-1/2, E-CXL-1/4): names the
 * agent and context, shows the message as plain text, edits the answers with main as the validator, then
 * Review → Send; Decline and Cancel are always there. Withdrawn or disconnected items keep the typed values
 * readable and offer only Dismiss. It draws the form main described (`item.form`, architecture rule 10).
 */
export function FormCard({ item, onSettled, onDeclined, sessionName }: FormCardProps) {
  const bridge = useBridge();
  const idBase = useId();
  const articleRef = useRef<HTMLElement>(null);
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<'review' | 'edit' | null>(null);

  // Main described the form once, secret findings included (spec E-FORM-12). Its fields never change for an item, so
  // the first copy is kept: each item event brings a fresh one, and the checks and effects below key on `fields`.
  const [described] = useState(() => item.form);
  const fields = described.fields;
  const [defaults] = useState(() => startValues(fields, safeInitialValues(fields), item.draft));
  const [shownCheck, setShownCheck] = useState<FormCheck | null>(null);
  // The verdict on screen. One that shows the same as it (form errors, errors no field shows, notes) keeps it, so
  // the card and its fields are not drawn again for nothing (each card's arrival check, and most keystrokes): only
  // those three parts of it are current, not its field errors or content.
  const [checker] = useState(
    () => new DraftChecker(bridge, item.itemId, (check) => setShownCheck((shown) => (showsTheSame(fields, shown, check) ? shown : check))),
  );

  const [review, setReview] = useState<{ check: FormCheck; values: FormValues } | null>(null);
  /** The fields (by key) that stopped the last press of Review; listed at the top until fixed. */
  const [blocked, setBlocked] = useState<string[]>([]);
  /** The field to scroll into view once the next render (with its error summary) is laid out. */
  const revealAfterRender = useRef<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [answered, setAnswered] = useState<Answered>(null);
  const [cardError, setCardError] = useState<string | null>(null);

  // Validation comes from main (spec E-FORM-5); the same call saves the draft there (architecture rule 7).
  const resolver = useCallback<Resolver<FormValues>>(
    async (values) => {
      try {
        const check = await checker.check(toPropertyValues(fields, values), false);
        const { byKey } = keyedErrors(fields, check);
        if (byKey.size === 0) return { values, errors: {} };
        const errors: FieldErrors<FormValues> = {};
        for (const [key, message] of byKey) errors[key] = { type: 'validate', message };
        return { values: {}, errors };
      } catch {
        // Transport trouble shows in the connection banner; Review asks again and reports it on the card.
        return { values, errors: {} };
      }
    },
    [checker, fields],
  );
  const form = useForm<FormValues>({ mode: 'onChange', defaultValues: defaults, resolver, shouldFocusError: true });

  const pending = item.state === 'pending';

  // One check on arrival, so form-level problems (e.g. a required unsupported field) show before Review. Sent once
  // the card is on screen, so its request is not part of the commit that draws the card. It keeps no
  // draft: nothing was typed, and a saved draft would be one more item change for every window to draw.
  const { getValues } = form;
  useEffect(() => {
    if (!pending) return;
    return afterPaint(() => void checker.check(toPropertyValues(fields, getValues()), true, { keep: false }).catch(() => {}));
  }, [pending, checker, fields, getValues]);

  // Move focus only in answer to the user's own Review/Edit click, never on arrival.
  const mode = review ? 'review' : 'edit';
  const { setFocus } = form;
  useEffect(() => {
    const target = focusAfterRender.current;
    if (target === null || target !== mode) return;
    focusAfterRender.current = null;
    if (mode === 'review') {
      // The review replaces a taller form: focusing its heading alone scrolled just far enough to show the heading,
      // so the review opened mid-card. Bring it in from its top; the queue's scroll padding
      // keeps it clear of the card's sticky header (pinned-actions.ts).
      const heading = reviewHeadingRef.current;
      heading?.focus({ preventScroll: true });
      heading?.closest('.review')?.scrollIntoView({ block: 'start' });
      return;
    }
    const first = fields.findIndex(isSupported);
    if (first >= 0) setFocus(fieldKey(first));
  }, [mode, fields, setFocus]);

  const agent = agentIdentity(item.agentName, item.agentInfo);
  const secrets = secretFields(fields);
  const secretWarned = pending && secrets.length > 0;
  // An answer locks the card until it goes; a Cancel that kept the card (Escape) leaves it ended, with Dismiss.
  const shownAnswer = answered !== null && (pending || answered === 'dismiss') ? answered : null;
  const locked = busy !== null || shownAnswer !== null;

  async function startReview(): Promise<void> {
    if (locked) return;
    setBusy('review');
    setCardError(null);
    try {
      const values = toPropertyValues(fields, form.getValues());
      const check = await checker.check(values, true);
      const { byKey } = keyedErrors(fields, check);
      form.clearErrors();
      setBlocked(fields.map((_field, index) => fieldKey(index)).filter((key) => byKey.has(key)));
      if (byKey.size > 0) {
        // Show every field's problem and focus the first one, in form order.
        let first = true;
        fields.forEach((_field, index) => {
          const key = fieldKey(index);
          const message = byKey.get(key);
          if (message === undefined) return;
          form.setError(key, { type: 'validate', message }, { shouldFocus: first });
          first = false;
        });
        // The Review button sits below a long card: bring the first field to be fixed into view as well, once the
        // error summary above it has rendered (scrolled before, the summary pushed it under the sticky actions).
        revealAfterRender.current = fields.map((_field, index) => fieldKey(index)).find((key) => byKey.has(key)) ?? null;
        return;
      }
      focusAfterRender.current = 'review';
      setReview({ check, values });
    } catch (error) {
      setCardError(`Could not check the answers: ${errorSentence(error)}`);
    } finally {
      setBusy(null);
    }
  }

  // Runs after every render; does something only on the render that follows a Review with errors (above).
  useLayoutEffect(() => {
    const key = revealAfterRender.current;
    if (key === null) return;
    revealAfterRender.current = null;
    revealField(key, false);
  });

  /** Focuses a field (its control, or the first control of a choice group) and scrolls it into view. */
  function revealField(key: string, focus: boolean): void {
    if (focus) form.setFocus(key);
    const id = `${idBase}-${key}`;
    const control =
      document.getElementById(id) ?? articleRef.current?.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"]`) ?? null;
    const target = control?.closest<HTMLElement>('.field') ?? control;
    if (focus && control && !control.contains(document.activeElement)) {
      const focusable = control.matches('input, select, textarea, button')
        ? control
        : control.querySelector<HTMLElement>('input, select, textarea, button');
      focusable?.focus({ preventScroll: true });
    }
    const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target?.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  }

  function backToEdit(): void {
    focusAfterRender.current = 'edit';
    setReview(null);
    setCardError(null);
  }

  /**
   * Answers (or dismisses) the item. `keepDraft` (Escape's Cancel): main keeps the card, ended, with what was typed
   * readable, so a stray Escape loses nothing; the Cancel button lets the card go.
   */
  async function settle(action: Exclude<Busy, null | 'review'>, { keepDraft = false } = {}): Promise<void> {
    if (locked) return;
    const hadFocus = articleRef.current?.contains(document.activeElement) ?? false;
    setBusy(action);
    setCardError(null);
    try {
      if (action === 'dismiss') {
        await bridge.invoke('dismissItem', { itemId: item.itemId });
      } else if (action === 'accept') {
        if (!review) return;
        // Only an accept carries values (spec E-RES-2); main turns them into `content` (E-FORM-7, E-FORM-8).
        await bridge.invoke('answerElicitation', {
          itemId: item.itemId,
          agentId: item.agentId,
          action,
          values: review.values,
        });
      } else if (action === 'cancel' && keepDraft) {
        // Store what is typed now (the debounced save may not have run), then cancel keeping it.
        await checker.check(toPropertyValues(fields, form.getValues()), true).catch(() => undefined);
        await bridge.invoke('answerElicitation', { itemId: item.itemId, agentId: item.agentId, action, keepDraft: true });
      } else {
        await bridge.invoke('answerElicitation', { itemId: item.itemId, agentId: item.agentId, action });
      }
      setAnswered(action);
      onSettled(item.itemId, hadFocus);
      if (action === 'decline') onDeclined?.(item);
    } catch (error) {
      // Keep everything typed; say what went wrong on the card itself.
      setCardError(errorSentence(error));
    } finally {
      setBusy(null);
    }
  }

  const formErrors = review ? review.check.formErrors : (shownCheck?.formErrors ?? []);
  const unplaced = shownCheck && !review ? keyedErrors(fields, shownCheck).unplaced : [];
  const topErrors = [...formErrors, ...unplaced];
  // Still unfixed among the fields that held Review back (errors clear as the user types).
  // (Read on every render: that subscribes this card to error changes.)
  const fieldErrors = form.formState.errors;
  const stillBlocked = pending && !review ? blocked.filter((key) => fieldErrors[key] !== undefined) : [];
  const blockedValues = stillBlocked.length > 0 ? getValues() : {};
  const allEmpty = stillBlocked.every((key) => isEmptyValue(blockedValues[key]));

  const actions = (
    <FormCardActions
      agentName={item.agentName}
      pending={pending}
      review={review ? review.check : null}
      locked={locked}
      secretWarned={secretWarned}
      formId={`${idBase}-form`}
      onSend={() => void settle('accept')}
      onEdit={backToEdit}
      onDecline={() => void settle('decline')}
      onCancel={() => void settle('cancel')}
      onDismiss={() => void settle('dismiss')}
    />
  );

  return (
    <CardShell
      ref={articleRef}
      item={item}
      sessionName={sessionName}
      className={review ? 'card-reviewing' : undefined}
      onEscape={pending ? () => void settle('cancel', { keepDraft: true }) : undefined}
      onKeyDown={(event) => {
        // Enter on the review step sends what is reviewed, unless it was pressed on a control of its own.
        if (event.key !== 'Enter' || !review || event.defaultPrevented || hasModifier(event)) return;
        if (isOwnEnterTarget(event.target)) return;
        event.preventDefault();
        if (checkAllowsSend(review.check)) void settle('accept');
      }}
      actions={actions}
    >
      <ReviewBlocked fields={fields} blocked={stillBlocked} allEmpty={allEmpty} onReveal={(key) => revealField(key, true)} />
      {pending && <SecretWarnings agentName={item.agentName} secrets={secrets} />}

      <CardMessage text={item.message} agentName={item.agentName} />
      {(described.title || described.description) && (
        <div className="card-form-intro">
          {described.title && <p className="card-form-title plain-text">{described.title}</p>}
          {described.description && <p className="muted plain-text">{described.description}</p>}
        </div>
      )}

      {pending && <FormErrors errors={topErrors} reviewing={review !== null} />}

      {item.state === 'refused' ? (
        <p className="muted">The agent was told the form is invalid; nothing was asked of you and nothing was sent.</p>
      ) : !pending ? (
        <ReadOnlyValues fields={fields} values={getValues()} />
      ) : review ? (
        <ReviewSummary
          agent={agent}
          message={item.message}
          agentName={item.agentName}
          fields={fields}
          check={review.check}
          headingRef={reviewHeadingRef}
          headingId={`${idBase}-review`}
        />
      ) : (
        <FormFields
          fields={fields}
          control={form.control}
          idBase={idBase}
          agentName={item.agentName}
          check={shownCheck}
          onSubmit={() => void startReview()}
        />
      )}

      {cardError && (
        <p className="card-error" role="alert">
          {cardError}
        </p>
      )}
      {shownAnswer && (
        <p className="card-answered" role="status">
          {ANSWERED_TEXT[shownAnswer]}
        </p>
      )}
    </CardShell>
  );
}

/** Whether a key was pressed with a modifier (Shift+Enter and the like are not "send"). */
function hasModifier(event: { shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): boolean {
  return event.shiftKey || event.ctrlKey || event.altKey || event.metaKey;
}

/** Whether Enter on `target` already means something of its own (a button, a link, a text box, a list). */
function isOwnEnterTarget(target: EventTarget): boolean {
  return target instanceof Element && target.closest('button, a[href], input, textarea, select, summary, [role="button"], [contenteditable]') !== null;
}

/** Whether a control holds nothing: an empty text or no choice made. */
function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function safeInitialValues(fields: FieldSpec[]): FormValues {
  try {
    return initialValues(fields);
  } catch {
    return {};
  }
}
