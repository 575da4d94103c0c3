import { PRERENDERED_PAGE_ID } from '@salomtv/contract';

// No React here: the page's entry script holds this module, before the app's code has loaded (main.tsx).

/** The button of the server's paint that was tapped before the app took over (its `controlKey`). */
let tapBeforeTakeover: string | undefined;

/**
 * Names a button the same in the server's paint and in the app: both are rendered from the same components. A button
 * whose label changes with the viewer's data (the profile's name, the unread count) says what it is in `data-control`.
 */
function controlKey(button: Element): string {
  return (
    button.getAttribute('data-control') ??
    button.getAttribute('aria-label') ??
    button.textContent?.trim() ??
    ''
  );
}

/**
 * The paint's buttons (the menu, the bell, Play Now) look live but have no script of their own: a tap on one while
 * the app is still loading its page is kept, and given to the same button of the app when it takes over.
 * Called once, as the app starts.
 */
export function keepTapsBeforeTakeover(): void {
  const painted = document.getElementById(PRERENDERED_PAGE_ID);
  if (!painted) return;
  painted.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) tapBeforeTakeover = controlKey(button);
  });
  // A painted form never posts itself (its fields would land in the address): the app's form sends it on takeover.
  painted.addEventListener('submit', (event) => event.preventDefault());
  painted.addEventListener('input', (event) => {
    const form = event.target instanceof Element ? event.target.closest('form') : null;
    if (form) enableWhenFilled(form);
  });
}

/**
 * The paint renders a form as it starts, its submit button disabled until its fields are filled in; the paint
 * has no script of its own to follow the typing, so the same rule is kept here: once every text field of the
 * form has a value, its submit button takes taps (kept for the app, above).
 */
function enableWhenFilled(form: HTMLFormElement): void {
  const submit = form.querySelector('button[type="submit"]');
  if (!(submit instanceof HTMLButtonElement)) return;
  const fields = Array.from(form.querySelectorAll('input')).filter(
    (field) => field.type !== 'checkbox' && field.type !== 'hidden',
  );
  submit.disabled = !fields.every((field) => field.value.trim() !== '');
}

/**
 * What was typed into the paint's fields (sign-in's number and password) goes into the app's fields of the same
 * name, through the value setter and an input event as typing would, so React's state holds it; the field that
 * had the caret gets it back, so what is typed next lands in the app's field.
 */
function carryOverFields(painted: HTMLElement, focused: Element | null): void {
  for (const field of Array.from(painted.querySelectorAll('input'))) {
    const changed = field.type === 'checkbox' ? field.checked : field.value !== '';
    if (!field.name || (!changed && field !== focused)) continue;
    const target = document.querySelector(`#root input[name="${CSS.escape(field.name)}"]`);
    if (!(target instanceof HTMLInputElement) || target.type !== field.type) continue;
    if (field.type === 'checkbox') {
      if (target.checked !== field.checked) target.click();
    } else if (changed) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(target, field.value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (field === focused) target.focus();
  }
}

/**
 * The server's first paint of a page (the landing page, /home, the browse sections, sign-in, pricing) sits beside
 * `#root` in the element with this id (app/prerender/page-shells.tsx, server plugins/web-app.ts). While it is
 * there, `#root` is hidden (index.css); the page that takes its place removes it before the browser paints again.
 */
export function removePrerenderedPage(): void {
  const painted = document.getElementById(PRERENDERED_PAGE_ID);
  if (!painted) return;
  // Read before the paint goes: a removed field's focus falls back to the body.
  const focused = document.activeElement;
  painted.remove();
  carryOverFields(painted, focused);
  const tapped = tapBeforeTakeover;
  tapBeforeTakeover = undefined;
  if (tapped === undefined) return;
  const button = Array.from(document.querySelectorAll('#root button')).find(
    (candidate) => controlKey(candidate) === tapped,
  );
  // After the commit that took over, so the click reaches the app's handlers like a tap of the viewer's.
  if (button instanceof HTMLElement) queueMicrotask(() => button.click());
}
