let loaded: Promise<void> | undefined;

/** The whole design system in the page's direction: mirrored on a right-to-left page (docs/architecture.md). */
const inPageDirection = () =>
  document.documentElement.dir === 'rtl' ? process.env.DESIGN_SYSTEM_RTL_CSS : process.env.DESIGN_SYSTEM_CSS;

/**
 * Adds the whole design system to the page once, before the shell's own stylesheets and without blocking the first
 * paint, and resolves once it has loaded, or failed: remotes mount after it (docs/architecture.md, "The front end").
 * Resolves at once where the build has none (the component tests). A later change of direction swaps the file
 * (language-styles/apply.ts).
 */
export function loadDesignSystem(href: string | undefined = inPageDirection()): Promise<void> {
  loaded ??= new Promise<void>((resolve) => {
    if (!href) return resolve();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.designSystem = 'whole';
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  });
  return loaded;
}
