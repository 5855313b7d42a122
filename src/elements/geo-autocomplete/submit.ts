/**
 * Enter in a text field with its list closed submits the owning form as a native text input
 * does (implicit submission): through its default button (a disabled one blocks it), or
 * without one when the field is the form's only text field. Validation runs as for any submit.
 */
export function submitImplicitly(form: HTMLFormElement, field: Element): void {
  const fields = [...form.elements] as (Element & {
    type?: string;
    form?: HTMLFormElement | null;
    disabled?: boolean;
  })[];
  const button = fields.find(
    (el) => (el.type === 'submit' || el.type === 'image') && el.form === form,
  ) as HTMLButtonElement | undefined;
  if (button) {
    if (!button.disabled) form.requestSubmit(button);
    return;
  }
  const blocking = fields.filter(
    (el) =>
      el === field ||
      (el instanceof HTMLInputElement &&
        /^(text|search|email|url|tel|password|number|date|datetime-local|month|time|week)$/.test(
          el.type,
        )),
  );
  if (blocking.length <= 1) form.requestSubmit();
}
