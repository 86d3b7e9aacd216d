export interface CdnLinks {
  assistance: string;
  accessibility: { it: string; en: string };
  privacy: { it: string; en: string };
  contacts: { it: string; en: string };
}

export interface Cdn {
  origins: Record<string, string>;
  /** The runtime configuration this CDN serves, read at each request: a test changes a line of it as a release does. */
  config: { environment: string; apiBaseUrl: string; remotes: Record<string, string>; links: CdnLinks; canary?: { remote: string; manifest: string; share: number } };
  url: string;
  stop(name: string): Promise<void>;
  close(): Promise<unknown>;
}

export const DEFAULT_LINKS: CdnLinks;

export function startCdn(options: { root?: string; hostname?: string; bind?: string; shellPort?: number; freeRemotePorts?: boolean; apiUrl: string; links?: CdnLinks }): Promise<Cdn>;
