/** The version label of the reports whose version found no slot (a real version never reads so: BEACON_VERSION_PATTERN). */
const OTHER_VERSION = 'other';

export interface VersionSlotsOptions {
  /** Versions per app with series of their own, in this instance. */
  perApp: number;
  /** A slot unused this long may be given to a new version when every slot of its app is taken. */
  idleMs: number;
  /** Called when a version loses its slot: its series are to be dropped. */
  onEvict: (app: string, version: string) => void;
  now?: () => number;
}

/**
 * Which versions of each app get series of their own. The version is the one label a report chooses within a pattern
 * rather than from a list, so without a cap a poster could add series without end: past `perApp` versions of an
 * app, the others are counted as OTHER_VERSION. An instance runs for weeks while remotes are released, so a version
 * unseen for `idleMs` gives its slot to the next new one. A poster who keeps fake versions alive can hold the slots
 * (the real ones then count as "other": the canary report finds too few loads, never a wrong verdict).
 */
export class VersionSlots {
  /** app → version → when it was last seen. */
  private readonly apps = new Map<string, Map<string, number>>();
  private readonly now: () => number;

  constructor(private readonly options: VersionSlotsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The label of `version` of `app`: the version itself, or OTHER_VERSION when it gets no slot. */
  label(app: string, version: string): string {
    const now = this.now();
    let versions = this.apps.get(app);
    if (!versions) this.apps.set(app, (versions = new Map()));
    if (versions.has(version)) {
      versions.set(version, now);
      return version;
    }
    if (versions.size >= this.options.perApp) {
      const idle = this.leastRecent(versions);
      if (idle === undefined || now - idle.seen < this.options.idleMs) return OTHER_VERSION;
      versions.delete(idle.version);
      this.options.onEvict(app, idle.version);
    }
    versions.set(version, now);
    return version;
  }

  private leastRecent(versions: Map<string, number>): { version: string; seen: number } | undefined {
    let oldest: { version: string; seen: number } | undefined;
    for (const [version, seen] of versions) if (!oldest || seen < oldest.seen) oldest = { version, seen };
    return oldest;
  }
}
