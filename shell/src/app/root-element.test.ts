import { rootElement } from './root-element';

describe('rootElement', () => {
  it('throws the message of docs/calls.md when the page has no #root', () => {
    document.body.innerHTML = '<main></main>';
    expect(() => rootElement()).toThrow(
      "Root element with ID 'root' was not found in the document. Ensure there is a corresponding HTML element with the ID 'root' in your HTML file.",
    );
  });

  it('returns #root', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(rootElement().id).toBe('root');
  });
});
