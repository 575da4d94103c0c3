import { describe, expect, it } from 'vitest';
import { menuKeyAction, openingIndex } from './menu-keys';

describe('menu keys (menu button pattern)', () => {
  it('moves with the arrows, wrapping around, and jumps with Home and End', () => {
    expect(menuKeyAction('ArrowDown', 0, 3)).toEqual({ kind: 'focus', index: 1 });
    expect(menuKeyAction('ArrowDown', 2, 3)).toEqual({ kind: 'focus', index: 0 });
    expect(menuKeyAction('ArrowUp', 0, 3)).toEqual({ kind: 'focus', index: 2 });
    expect(menuKeyAction('ArrowUp', 2, 3)).toEqual({ kind: 'focus', index: 1 });
    expect(menuKeyAction('Home', 2, 3)).toEqual({ kind: 'focus', index: 0 });
    expect(menuKeyAction('End', 0, 3)).toEqual({ kind: 'focus', index: 2 });
  });

  it('chooses with Enter and Space; Escape closes back to the button, Tab closes and moves on', () => {
    expect(menuKeyAction('Enter', 1, 3)).toEqual({ kind: 'choose', index: 1 });
    expect(menuKeyAction(' ', 2, 3)).toEqual({ kind: 'choose', index: 2 });
    expect(menuKeyAction('Escape', 1, 3)).toEqual({ kind: 'close', returnFocus: true });
    expect(menuKeyAction('Tab', 1, 3)).toEqual({ kind: 'close', returnFocus: false });
    expect(menuKeyAction('a', 1, 3)).toBeNull();
    expect(menuKeyAction('ArrowDown', 0, 0)).toBeNull();
    expect(menuKeyAction('Escape', 0, 0)).toEqual({ kind: 'close', returnFocus: true });
  });

  it('opens on the checked item, or on the last one with ArrowUp', () => {
    expect(openingIndex('click', 2, 4)).toBe(2);
    expect(openingIndex('ArrowDown', 1, 4)).toBe(1);
    expect(openingIndex('ArrowDown', -1, 4)).toBe(0);
    expect(openingIndex('ArrowUp', 1, 4)).toBe(3);
    expect(openingIndex('Enter', 1, 4)).toBeNull();
    expect(openingIndex('click', 0, 0)).toBeNull();
  });
});
