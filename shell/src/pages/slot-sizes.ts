import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { personalStorageKey } from '@varco/session';

/**
 * The sizes the home's slots had once loaded, by slot, at the window width they were drawn at: forgotten at sign-out
 * with the traveler's other data (how many items the last traveler had is not left for the next one).
 */
export const SLOT_SIZES_STORAGE_KEY = personalStorageKey('slot-sizes');

export interface SlotSize {
  width: number;
  height: number;
}
type SavedSizes = Record<string, SlotSize & { window: number }>;

function readAll(): SavedSizes {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SLOT_SIZES_STORAGE_KEY) ?? '{}');
    return saved !== null && typeof saved === 'object' ? (saved as SavedSizes) : {};
  } catch {
    return {};
  }
}

/** Taller than any slot of the home draws (four items on a phone: ~500 px): a stored value past it is not believed. */
const MAX_HEIGHT = 1200;
const within = (value: unknown, max: number): value is number => typeof value === 'number' && value > 0 && value <= max;

/** The size `slot` had at this window width on the last visit, if it was drawn at this width (and is a size it can have). */
export function savedSlotSize(slot: string, windowWidth = window.innerWidth): SlotSize | undefined {
  const saved = readAll()[slot];
  return saved?.window === windowWidth && within(saved.width, windowWidth) && within(saved.height, MAX_HEIGHT) ? { width: saved.width, height: saved.height } : undefined;
}

export function saveSlotSize(slot: string, { width, height }: SlotSize, windowWidth = window.innerWidth): void {
  try {
    localStorage.setItem(SLOT_SIZES_STORAGE_KEY, JSON.stringify({ ...readAll(), [slot]: { window: windowWidth, width: Math.round(width), height: Math.round(height) } }));
  } catch {
    // a full or refused storage: the next visit reserves the default size
  }
}

/**
 * Keeps the place of a slot of the home while it loads at the size it had last time: a traveler with one invoice, or
 * none, has a shorter widget than the four items the stylesheet reserves by default, and the add-request slot holds a
 * button beside the title or, on a phone, a line of its own saying there is nothing to add; their arrival moved
 * everything below them. The size is remembered each time it changes with content and no loader in it; the
 * stylesheet applies it (`--varco-slot-width`, `--varco-slot-height`) only while a loader shows in the slot.
 */
export function useReservedSize(slot: string): { ref: RefObject<HTMLDivElement>; style: CSSProperties | undefined } {
  const ref = useRef<HTMLDivElement>(null);
  const [reserved] = useState(() => savedSlotSize(slot));
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (element.childElementCount > 0 && element.querySelector('.varco-loader') === null) saveSlotSize(slot, { width: element.offsetWidth, height: element.offsetHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [slot]);
  if (reserved === undefined) return { ref, style: undefined };
  return { ref, style: { '--varco-slot-width': `${reserved.width}px`, '--varco-slot-height': `${reserved.height}px` } as CSSProperties };
}
