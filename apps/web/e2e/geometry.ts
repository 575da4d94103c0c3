import { expect, type Page } from '@playwright/test';

/** What one control's geometry looks like, as read in the page. */
interface ControlGeometry {
  name: string;
  faults: string[];
}

/**
 * Asserts that every visible input, select and textarea of the page can be seen and used as it stands:
 * - its box is inside the window (the viewport);
 * - its box is inside its card: the closest `[data-card]`, `form`, `section` or dialog around it (the
 *   box the viewer reads as the control's panel; a form that is itself the card, as on sign-in, is that card);
 * - a text-like field (text, tel, email, password, number, date…, textarea) is at least `minWidth` wide (120 px
 *   unless told); a select at least 80 px (or `minWidth` if less), enough for the value its closed box shows, such
 *   as a calling code beside the number; checkboxes, radios, sliders and colour wells have no minimum;
 * - nothing covers it: the element at its centre is the control or inside it (or its own label, which hands it the
 *   tap).
 * Controls hidden on purpose (a box of 2 px or less, such as a visually hidden file input inside its styled label)
 * are not looked at. A failure names each control by its test id, name, label or id, with what is wrong.
 * Answers how many controls were looked at (a page without any passes: callers that expect a form check that).
 */
export async function expectInputsUsable(page: Page, options: { minWidth?: number } = {}): Promise<number> {
  const minWidth = options.minWidth ?? 120;
  const controls = await page.evaluate(
    ([minimum, selectMinimum]): ControlGeometry[] => {
      const round = (value: number) => Math.round(value * 10) / 10;
      const describeBox = (box: DOMRect) =>
        `[${round(box.left)}, ${round(box.right)}] x [${round(box.top)}, ${round(box.bottom)}]`;
      const nameOf = (control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) => {
        const testId = control.getAttribute('data-testid');
        const label =
          control.getAttribute('aria-label') ??
          Array.from(control.labels ?? [])
            .map((element) => element.textContent?.trim())
            .filter(Boolean)
            .join(' ');
        const parts = [
          testId ? `testid=${testId}` : '',
          control.name ? `name=${control.name}` : '',
          label ? `label="${label}"` : '',
          control.id ? `#${control.id}` : '',
        ].filter(Boolean);
        return `${control.tagName.toLowerCase()}${control instanceof HTMLInputElement ? `[type=${control.type}]` : ''} ${parts.join(' ') || '(unnamed)'}`;
      };
      const exemptFromWidth = new Set(['checkbox', 'radio', 'range', 'color']);
      const viewWidth = document.documentElement.clientWidth;
      const viewHeight = window.innerHeight;
      window.scrollTo(0, 0);
      const results: ControlGeometry[] = [];
      for (const control of Array.from(
        document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
          'input, select, textarea',
        ),
      )) {
        if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
        const style = getComputedStyle(control);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        const box = control.getBoundingClientRect();
        if (box.width <= 2 || box.height <= 2) continue;
        // Brought into view by scrolling down only, as a viewer does: a control off to the side stays outside.
        window.scrollBy(0, box.top + box.height / 2 - viewHeight / 2);
        const seen = control.getBoundingClientRect();
        const faults: string[] = [];
        if (seen.left < -0.5 || seen.right > viewWidth + 0.5) {
          faults.push(`outside the ${viewWidth} px window: ${describeBox(seen)}`);
        }
        if (seen.top < -0.5 || seen.bottom > viewHeight + 0.5) {
          faults.push(`taller than the window or off it: ${describeBox(seen)}`);
        }
        const card = control.parentElement?.closest('[data-card], form, section, dialog, [role="dialog"]');
        if (card) {
          const cardBox = card.getBoundingClientRect();
          if (
            seen.left < cardBox.left - 0.5 ||
            seen.right > cardBox.right + 0.5 ||
            seen.top < cardBox.top - 0.5 ||
            seen.bottom > cardBox.bottom + 0.5
          ) {
            faults.push(`outside its card ${describeBox(cardBox)}: ${describeBox(seen)}`);
          }
        }
        const type = control instanceof HTMLInputElement ? control.type : '';
        const least = control instanceof HTMLSelectElement ? Math.min(minimum, selectMinimum) : minimum;
        if (!exemptFromWidth.has(type) && seen.width < least - 0.5) {
          faults.push(`${round(seen.width)} px wide, less than ${least} px`);
        }
        const x = Math.min(Math.max(seen.left + seen.width / 2, 0), viewWidth - 1);
        const y = Math.min(Math.max(seen.top + seen.height / 2, 0), viewHeight - 1);
        const top = document.elementFromPoint(x, y);
        const ownLabel =
          top !== null && Array.from(control.labels ?? []).some((label) => label.contains(top));
        if (!top || !(top === control || control.contains(top) || ownLabel)) {
          const by = top
            ? `${top.tagName.toLowerCase()}${top.id ? `#${top.id}` : ''}${top.getAttribute('data-testid') ? `[data-testid=${top.getAttribute('data-testid')}]` : ''}`
            : 'nothing (off the page)';
          faults.push(`covered at its centre by ${by}`);
        }
        results.push({ name: nameOf(control), faults });
      }
      window.scrollTo(0, 0);
      return results;
    },
    [minWidth, 80] as const,
  );
  const faults = controls
    .filter((control) => control.faults.length > 0)
    .map((control) => `${control.name}: ${control.faults.join('; ')}`);
  expect(faults, `inputs that cannot be seen or used whole at ${page.viewportSize()?.width} px`).toEqual([]);
  return controls.length;
}
