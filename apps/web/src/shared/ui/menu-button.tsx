import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../hooks/use-dismiss';
import { CheckIcon } from './icons';
import { menuKeyAction, openingIndex } from './menu-keys';

export interface MenuChoice<T> {
  value: T;
  label: string;
}

interface MenuButtonProps<T> {
  /** What the menu chooses ("Quality"): the menu's name, and the button's with the current choice. */
  label: string;
  value: T;
  choices: readonly MenuChoice<T>[];
  onChoose: (value: T) => void;
  /** The button's face (an icon, or the current choice in short). */
  children: ReactNode;
  buttonClassName: string;
  testId?: string;
}

/** Room a menu item takes (px), to decide whether the menu opens upwards or downwards. */
const ITEM_HEIGHT = 40;
const MARGIN = 12;

/** Where the open menu goes: above the button when it fits there (or fits better than below), with its height. */
function placement(button: HTMLElement, count: number): { up: boolean; maxHeight: number } {
  const box = button.getBoundingClientRect();
  const boundary = button.closest('[data-menu-boundary]')?.getBoundingClientRect().top ?? 0;
  const above = box.top - Math.max(0, boundary) - MARGIN;
  const below = window.innerHeight - box.bottom - MARGIN;
  const needed = count * ITEM_HEIGHT + 8;
  const up = above >= needed || above >= below;
  return { up, maxHeight: Math.max(ITEM_HEIGHT * 2, up ? above : below) };
}

/**
 * A button that opens a menu of choices, one of them checked (the WAI-ARIA menu button pattern, with
 * menuitemradio items): Enter, Space, a click or ArrowDown open it on the checked item, ArrowUp on the last;
 * in it the arrows, Home and End move, Enter and Space choose, Escape closes it and focus returns to the button.
 */
export function MenuButton<T>({
  label,
  value,
  choices,
  onChoose,
  children,
  buttonClassName,
  testId,
}: MenuButtonProps<T>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState({ up: true, maxHeight: 320 });
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const checked = choices.findIndex((choice) => Object.is(choice.value, value));
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  const openAt = (key: string) => {
    const index = openingIndex(key, checked, choices.length);
    if (index === null || !button.current) return false;
    setPlace(placement(button.current, choices.length));
    setActive(index);
    setOpen(true);
    return true;
  };
  const choose = (index: number) => {
    const choice = choices[index];
    setOpen(false);
    button.current?.focus();
    if (choice) onChoose(choice.value);
  };
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && openAt(event.key)) event.preventDefault();
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = menuKeyAction(event.key, active, choices.length);
    if (!action) return;
    if (action.kind === 'close') {
      // Tab moves on from the button; Escape stays there (and must not close a dialog around the player).
      button.current?.focus();
      setOpen(false);
      if (action.returnFocus) {
        event.preventDefault();
        event.stopPropagation();
      }
      return;
    }
    event.preventDefault();
    if (action.kind === 'focus') setActive(action.index);
    else choose(action.index);
  };
  const current = choices[checked]?.label;

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={current ? `${label}: ${current}` : label}
        data-testid={testId}
        onClick={() => (open ? setOpen(false) : openAt('click'))}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          style={{ maxHeight: place.maxHeight }}
          className={`absolute end-0 z-30 min-w-36 overflow-y-auto rounded-md border border-white/15 bg-black/90 py-1 text-white shadow-card ${
            place.up ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {choices.map((choice, index) => (
            <button
              key={String(choice.value)}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={index === checked}
              tabIndex={index === active ? 0 : -1}
              onClick={() => choose(index)}
              onPointerMove={() => setActive(index)}
              className="flex h-10 w-full items-center gap-2 px-3 text-start text-sm whitespace-nowrap hover:bg-white/10 focus:bg-white/15 focus:outline-none aria-checked:font-semibold"
            >
              <CheckIcon className={`size-4 shrink-0 ${index === checked ? '' : 'invisible'}`} />
              {choice.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
