import { waitFor } from '@testing-library/react';
import { whenFirstScreenDrawn } from './preload';

describe('whenFirstScreenDrawn', () => {
  afterEach(() => document.body.replaceChildren());

  it('waits until no loader is left in the page, then runs once', async () => {
    const loader = document.createElement('div');
    loader.className = 'varco-loader';
    document.body.append(loader);
    const callback = jest.fn();
    whenFirstScreenDrawn(callback);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(callback).not.toHaveBeenCalled();
    loader.remove();
    await waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
    document.body.append(document.createElement('p'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page without loaders, and never once cancelled', async () => {
    const callback = jest.fn();
    whenFirstScreenDrawn(callback);
    await waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
    const cancelled = jest.fn();
    whenFirstScreenDrawn(cancelled)();
    document.body.append(document.createElement('p'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(cancelled).not.toHaveBeenCalled();
  });
});
