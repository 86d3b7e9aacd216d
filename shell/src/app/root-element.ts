export const ROOT_MISSING_MESSAGE =
  "Root element with ID 'root' was not found in the document. Ensure there is a corresponding HTML element with the ID 'root' in your HTML file.";

/** The element the portal renders into; a page without it is a broken deployment (docs/calls.md). */
export function rootElement(doc: Document = document): HTMLElement {
  const element = doc.getElementById('root');
  if (!element) throw new Error(ROOT_MISSING_MESSAGE);
  return element;
}
