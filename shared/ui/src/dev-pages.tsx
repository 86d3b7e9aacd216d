import type { ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';

/** What a remote shows when it runs alone (`mountDevHost`). */
export interface DevHostPages {
  /** Its routes modules, each under the path where the shell mounts it (`REMOTE_MOUNTS`: `/protected/visa/*`). */
  mounts: ReadonlyArray<{ path: string; element: ReactNode }>;
  /** Its widgets, shown side by side at every other address, as on the shell's home. */
  widgets?: ReadonlyArray<ReactNode>;
  /** What the shell mounts in its header (the bell), shown above every page. */
  header?: ReactNode;
}

/** A remote's pages run alone: its routes where the shell mounts them; elsewhere, links to them and its widgets. */
export function DevPages({ mounts, widgets = [], header }: DevHostPages) {
  const home = (
    <>
      <ul>
        {mounts.map(({ path }) => (
          <li key={path}>
            <Link to={path.replace(/\/\*$/, '')}>{path.replace(/\/\*$/, '')}</Link>
          </li>
        ))}
      </ul>
      {widgets.length > 0 ? (
        <div className="row g-4">
          {widgets.map((widget, index) => (
            // The list is fixed for the page's life: its places are its keys.
            <div key={index} className="col-lg-6">
              {widget}
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
  return (
    <>
      {header}
      <Routes>
        {mounts.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={home} />
      </Routes>
    </>
  );
}
