let loaded: Promise<void> | undefined;

/**
 * Adds the whole design system (shell/webpack.config.cjs) to the page, once, without blocking its first paint (a
 * stylesheet added by a script is not render-blocking), and resolves once it has loaded: a remote mounts after that,
 * so whatever design-system component its team starts to use is styled without a release of the shell. It goes before
 * the shell's own stylesheets, which then keep their precedence over it. Resolves at once where the build has none
 * (the component tests); a sheet that fails to load does not hold the remotes back.
 */
export function loadDesignSystem(href: string | undefined = process.env.DESIGN_SYSTEM_CSS): Promise<void> {
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
