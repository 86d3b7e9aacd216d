import { sessionStore } from '@varco/session';
import { SLOT_SIZES_STORAGE_KEY, saveSlotSize, savedSlotSize, showsKey, showsOf, slotAttributes } from './slot-sizes';

afterEach(() => localStorage.clear());

describe('the home slots’ remembered sizes', () => {
  it('gives back the size a slot had, only at the window width it was drawn at', () => {
    expect(savedSlotSize('varco-invoices-slot', 390)).toBeUndefined();
    saveSlotSize('varco-invoices-slot', { width: 366, height: 152.4 }, 390);
    saveSlotSize('varco-action-slot', { width: 366, height: 48 }, 390);
    expect(savedSlotSize('varco-invoices-slot', 390)).toEqual({ width: 366, height: 152 });
    expect(savedSlotSize('varco-action-slot', 390)).toEqual({ width: 366, height: 48 });
    // Drawn at another width, the slot wraps differently: the stylesheet's default holds then.
    expect(savedSlotSize('varco-invoices-slot', 1280)).toBeUndefined();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(SLOT_SIZES_STORAGE_KEY, '{not json');
    expect(savedSlotSize('varco-invoices-slot', 390)).toBeUndefined();
    localStorage.setItem(
      SLOT_SIZES_STORAGE_KEY,
      JSON.stringify({ 'varco-invoices-slot': { window: 390, width: 366, height: 'tall' } }),
    );
    expect(savedSlotSize('varco-invoices-slot', 390)).toBeUndefined();
    // Sizes no slot of the home can have: a blank page-long gap while it loads would be worse than a shift.
    saveSlotSize('varco-invoices-slot', { width: 366, height: 1e9 }, 390);
    saveSlotSize('varco-visas-slot', { width: 5000, height: 140 }, 390);
    saveSlotSize('varco-action-slot', { width: 366, height: -48 }, 390);
    expect([
      savedSlotSize('varco-invoices-slot', 390),
      savedSlotSize('varco-visas-slot', 390),
      savedSlotSize('varco-action-slot', 390),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('gives back a size kept for other content only when the content is unknown', () => {
    saveSlotSize('varco-visas-slot', { width: 366, height: 140 }, 390, '0:0');
    expect(savedSlotSize('varco-visas-slot', 390, '0:0')).toEqual({ width: 366, height: 140 });
    // A request since: the size of one item, from the stylesheet, rather than the empty state's.
    expect(savedSlotSize('varco-visas-slot', 390, '1:0')).toBeUndefined();
    expect(savedSlotSize('varco-visas-slot', 390)).toEqual({ width: 366, height: 140 });
  });

  it("sizes each slot for what user-info's counts say it will show, up to the home's four items", () => {
    expect(showsOf(null)).toEqual({});
    const shows = showsOf({ invoices: 7, availableInvoices: 2, visaRequests: 1 });
    expect(shows).toEqual({
      invoices: { shows: '4', items: 4, taller: 2 },
      visas: { shows: '1', items: 1, taller: 0 },
      action: { shows: 'button' },
    });
    expect(showsOf({ invoices: 0, availableInvoices: 0, visaRequests: 0 }).action).toEqual({ shows: 'note' });
    expect(slotAttributes(shows.invoices, undefined)).toEqual({
      'data-shows': '4',
      style: { '--varco-slot-items': '4', '--varco-slot-taller': '2' },
    });
    expect(slotAttributes(shows.action, undefined)).toEqual({ 'data-shows': 'button', style: undefined });
    expect(showsKey(shows.invoices)).toBe('4:2');
  });

  it('forgets them when the traveler signs out', () => {
    sessionStore
      .getState()
      .signIn({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi', visaCreationEnabled: true });
    saveSlotSize('varco-invoices-slot', { width: 366, height: 152 }, 390);
    sessionStore.getState().clearSession();
    expect(savedSlotSize('varco-invoices-slot', 390)).toBeUndefined();
  });
});
