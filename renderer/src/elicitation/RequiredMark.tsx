/** The required marker after a field's label: a visual star; the control itself says `aria-required`. */
export function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span className="required-mark" aria-hidden="true" title="Required">
      {' *'}
    </span>
  );
}
