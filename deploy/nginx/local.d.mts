import type { CdnLinks } from '../local-cdn/server.mjs';

export interface LocalNginx {
  /** The portal's origin (the shell, with /api passed to the api instances). */
  url: string;
  /** The remotes' origin. */
  cdnUrl: string;
  config: { environment: string; apiBaseUrl: string; remotes: Record<string, string>; links: CdnLinks };
  /** Serves another runtime configuration from now on. */
  writeConfig(config: object): void;
  close(): Promise<void>;
}

export const NGINX_BINARY: string;

export function startNginx(options: {
  upstreams: string[];
  portalPort: number;
  cdnPort: number;
  hostname?: string;
  root?: string;
  servedBy?: boolean;
  links?: CdnLinks;
  workerConnections?: number;
}): Promise<LocalNginx>;
