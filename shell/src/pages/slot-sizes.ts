import { useEffect, useMemo, useRef, type CSSProperties, type RefObject } from 'react';
import { HOME_INVOICES_LIMIT, HOME_VISAS_LIMIT } from '@varco/contracts/plain';
import { personalStorageKey, type HomeCounts } from '@varco/session';

/**
 * The sizes the home's slots had once loaded, by slot, at the window width they were drawn at: forgotten at sign-out
 * with the traveler's other data (how many items the last traveler had is not left for the next one).
 */
export const SLOT_SIZES_STORAGE_KEY = personalStorageKey('slot-sizes');

export interface SlotSize {
  width: number;
  height: number;
}
/** `shows`: what the slot was to show when it was drawn (its number of items, or which of its contents). */
type SavedSizes = Record<string, SlotSize & { window: number; shows?: string }>;

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

/**
 * The size `slot` had at this window width on the last visit, if it was drawn at this width (and is a size it can have),
 * and, when both are known, for what it is to show now: a traveler with an invoice more since then gets the size of
 * their count, not the last one.
 */
export function savedSlotSize(slot: string, windowWidth = window.innerWidth, shows?: string): SlotSize | undefined {
  const saved = readAll()[slot];
  if (saved === undefined || (shows !== undefined && saved.shows !== undefined && saved.shows !== shows))
    return undefined;
  return saved.window === windowWidth && within(saved.width, windowWidth) && within(saved.height, MAX_HEIGHT)
    ? { width: saved.width, height: saved.height }
    : undefined;
}

export function saveSlotSize(
  slot: string,
  { width, height }: SlotSize,
  windowWidth = window.innerWidth,
  shows?: string,
): void {
  try {
    localStorage.setItem(
      SLOT_SIZES_STORAGE_KEY,
      JSON.stringify({
        ...readAll(),
        [slot]: { window: windowWidth, width: Math.round(width), height: Math.round(height), shows },
      }),
    );
  } catch {
    // a full or refused storage: the next visit reserves the default size
  }
}

/**
 * Keeps the place of a slot of the home while it loads, so that its arrival moves nothing below it (docs/screens.md,
 * "Nothing moves"): the size it had last time, else the stylesheet's for `shows` (`data-shows`), else its default.
 * The stylesheet applies the remembered size (`--varco-slot-width`, `--varco-slot-height`) only while a loader shows.
 */
export function useReservedSize(
  slot: string,
  shows?: string,
): { ref: RefObject<HTMLDivElement>; style: CSSProperties | undefined } {
  const ref = useRef<HTMLDivElement>(null);
  // The counts may change while the slot loads (user-info refreshed at start): the size is saved for the latest.
  const showing = useRef(shows);
  useEffect(() => {
    showing.current = shows;
  }, [shows]);
  const reserved = useMemo(() => savedSlotSize(slot, window.innerWidth, shows), [slot, shows]);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (element.childElementCount > 0 && element.querySelector('.varco-loader') === null)
        saveSlotSize(
          slot,
          { width: element.offsetWidth, height: element.offsetHeight },
          window.innerWidth,
          showing.current,
        );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [slot]);
  if (reserved === undefined) return { ref, style: undefined };
  return {
    ref,
    style: {
      '--varco-slot-width': `${reserved.width}px`,
      '--varco-slot-height': `${reserved.height}px`,
    } as CSSProperties,
  };
}

/** What a slot will show: `shows` (its `data-shows`), its number of items, and how many of them are a line taller. */
export interface SlotShows {
  shows: string;
  items?: number;
  taller?: number;
}

/**
 * What each slot will show, which the stylesheet sizes: the number of items of a widget (the available invoices a line
 * taller), and for the add-request slot the button, or the note that nothing can be added when the traveler has no
 * invoice at all. Unknown without counts.
 */
export function showsOf(counts: HomeCounts | null): { invoices?: SlotShows; visas?: SlotShows; action?: SlotShows } {
  if (counts === null) return {};
  return {
    invoices: itemsShown(counts.invoices, HOME_INVOICES_LIMIT, counts.availableInvoices),
    visas: itemsShown(counts.visaRequests, HOME_VISAS_LIMIT),
    action: { shows: counts.invoices > 0 ? 'button' : 'note' },
  };
}

function itemsShown(count: number, limit: number, taller = 0): SlotShows {
  const items = Math.min(count, limit);
  return { shows: String(items), items, taller: Math.min(taller, items) };
}

/** The attributes that size a slot for what it will show (shell/src/styles.css), on top of its remembered size. */
export function slotAttributes(
  content: SlotShows | undefined,
  reserved: CSSProperties | undefined,
): { 'data-shows'?: string; style?: CSSProperties } {
  if (content === undefined) return { style: reserved };
  if (content.items === undefined) return { 'data-shows': content.shows, style: reserved };
  const counted = {
    '--varco-slot-items': String(content.items),
    '--varco-slot-taller': String(content.taller ?? 0),
  } as CSSProperties;
  return { 'data-shows': content.shows, style: { ...counted, ...reserved } };
}

/** The key a remembered size is kept under: it holds only for the same content. */
export const showsKey = (content: SlotShows | undefined): string | undefined =>
  content === undefined ? undefined : `${content.shows}:${content.taller ?? 0}`;
