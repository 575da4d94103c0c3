/** What a key does in an open menu (the WAI-ARIA menu button pattern). */
export type MenuKeyAction =
  | { kind: 'focus'; index: number }
  | { kind: 'choose'; index: number }
  /** `returnFocus`: Escape gives focus back to the menu button; Tab lets it move on. */
  | { kind: 'close'; returnFocus: boolean };

/**
 * A key pressed on item `active` of an open menu of `count` items: arrows move (wrapping around), Home and End go
 * to the ends, Enter and Space choose, Escape closes back to the button, Tab closes. Other keys do nothing.
 */
export function menuKeyAction(key: string, active: number, count: number): MenuKeyAction | null {
  if (count <= 0)
    return key === 'Escape' || key === 'Tab' ? { kind: 'close', returnFocus: key === 'Escape' } : null;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: (active + 1) % count };
    case 'ArrowUp':
      return { kind: 'focus', index: (active - 1 + count) % count };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: count - 1 };
    case 'Enter':
    case ' ':
      return { kind: 'choose', index: active };
    case 'Escape':
      return { kind: 'close', returnFocus: true };
    case 'Tab':
      return { kind: 'close', returnFocus: false };
    default:
      return null;
  }
}

/**
 * The item a menu opens on: the last one for ArrowUp, else the checked one (ArrowDown, or a click, which is also
 * what Enter and Space do on a button); null when the key does not open the menu.
 */
export function openingIndex(
  key: 'ArrowUp' | 'ArrowDown' | 'click' | string,
  checked: number,
  count: number,
): number | null {
  if (count <= 0) return null;
  if (key === 'ArrowUp') return count - 1;
  if (key === 'ArrowDown' || key === 'click') return checked >= 0 && checked < count ? checked : 0;
  return null;
}
