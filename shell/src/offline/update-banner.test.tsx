import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@varco/ui/testing';
import '../testing/test-config';
import { CLAIM, SKIP_WAITING } from './messages';
import { registerServiceWorker } from './service-worker-registration';
import { UpdateBanner } from './update-banner';

/** A ServiceWorkerContainer and registration driven by the test, as the browser drives them. */
function fakeBrowser({ controlled }: { controlled: boolean }) {
  const containerEvents = new EventTarget();
  const registrationEvents = new EventTarget();
  const registration = Object.assign(registrationEvents, {
    waiting: null,
    installing: null as unknown,
    update: jest.fn(async () => undefined),
  });
  const worker = { postMessage: jest.fn() };
  const active = { postMessage: jest.fn() };
  const container = Object.assign(containerEvents, {
    controller: controlled ? worker : null,
    register: jest.fn(async () => registration),
    ready: Promise.resolve({ active }),
  });
  const installNewWorker = () => {
    const worker = Object.assign(new EventTarget(), { state: 'installing', postMessage: jest.fn() });
    registration.installing = worker;
    registrationEvents.dispatchEvent(new Event('updatefound'));
    worker.state = 'installed';
    worker.dispatchEvent(new Event('statechange'));
    return worker;
  };
  const takeOver = () => {
    container.controller = worker;
    containerEvents.dispatchEvent(new Event('controllerchange'));
  };
  return { container: container as unknown as ServiceWorkerContainer, worker, active, installNewWorker, takeOver };
}

describe('the update banner', () => {
  it('announces a new release that waits, in the traveler’s language, and Reload switches to it', async () => {
    const browser = fakeBrowser({ controlled: true });
    const reload = jest.fn();
    await registerServiceWorker(browser.container, reload);
    renderWithProviders(<UpdateBanner />, { language: 'it_IT' });
    expect(screen.queryByTestId('update-banner')).not.toBeInTheDocument();

    let worker: ReturnType<typeof browser.installNewWorker> | undefined;
    act(() => {
      worker = browser.installNewWorker();
    });
    expect(screen.getByTestId('update-banner')).toHaveTextContent('È disponibile una nuova versione del portale.');
    await userEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    expect(worker?.postMessage).toHaveBeenCalledWith(SKIP_WAITING);
    expect(reload).not.toHaveBeenCalled();
    act(() => browser.takeOver());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says nothing about the first worker of a browser, and does not reload when it takes the page', async () => {
    const browser = fakeBrowser({ controlled: false });
    const reload = jest.fn();
    const loaded = 'https://cdn.varco.example/mf-visa/0.1.0/remoteEntry.js';
    // jsdom keeps no resource timing: the addresses a browser would list.
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => [{ name: loaded }] });
    await registerServiceWorker(browser.container, reload);
    renderWithProviders(<UpdateBanner />);
    act(() => {
      browser.installNewWorker();
    });
    act(() => browser.takeOver());
    expect(screen.queryByTestId('update-banner')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    // What the page loaded before the worker took it is handed to the worker to keep.
    expect(browser.worker.postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: [loaded] } });
  });

  it('hands what the page loaded to a first worker that took the page before it was registered, once', async () => {
    const browser = fakeBrowser({ controlled: false });
    const loaded = 'https://portal.varco.example/config.json';
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => [{ name: loaded }] });
    // Installed from the page before, it activated and claimed this one while it loaded.
    browser.takeOver();
    await registerServiceWorker(browser.container, jest.fn(), false);
    expect(browser.worker.postMessage).toHaveBeenCalledWith({ type: 'CACHE_URLS', payload: { urlsToCache: [loaded] } });
    act(() => browser.takeOver());
    expect(browser.worker.postMessage).toHaveBeenCalledTimes(1);
  });

  it('hands over, as they arrive, the files that were on their way as the worker took the page', async () => {
    const browser = fakeBrowser({ controlled: false });
    const early = 'https://portal.varco.example/config.json';
    const inFlight = 'https://cdn.varco.example/mf-visa/0.1.0/mf-manifest.json';
    const throughWorker = 'https://cdn.varco.example/mf-visa/0.1.0/remoteEntry.js';
    Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => [{ name: early }] });
    jest.spyOn(performance, 'now').mockReturnValue(1_000);
    let arrive: (entries: { name: string; startTime: number }[]) => void = () => undefined;
    // jsdom has no PerformanceObserver: this one is fed by the test, as the browser feeds resource timings.
    Object.defineProperty(globalThis, 'PerformanceObserver', {
      configurable: true,
      value: class {
        constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
          arrive = (entries) => callback({ getEntries: () => entries });
        }
        observe() {}
        disconnect() {}
      },
    });
    await registerServiceWorker(browser.container, jest.fn(), false);
    act(() => browser.takeOver());
    arrive([
      { name: inFlight, startTime: 900 },
      { name: throughWorker, startTime: 1_100 },
    ]);
    expect(browser.worker.postMessage.mock.calls).toEqual([
      [{ type: 'CACHE_URLS', payload: { urlsToCache: [early] } }],
      [{ type: 'CACHE_URLS', payload: { urlsToCache: [inFlight] } }],
    ]);
    delete (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver;
    jest.restoreAllMocks();
  });

  it('asks the active worker to take a page it did not take as it activated', async () => {
    const browser = fakeBrowser({ controlled: false });
    await registerServiceWorker(browser.container, jest.fn(), false);
    await browser.container.ready;
    expect(browser.active.postMessage).toHaveBeenCalledWith(CLAIM);
  });
});
