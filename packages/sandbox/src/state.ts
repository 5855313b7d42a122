import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FaultStore, GLOBAL } from './faults.js';
import { loadGeoOnce, type GeoIndexApi } from './geo-api.js';
import { readJson, writeFileAtomic } from './persist.js';
import { SEED_PROJECTS, SEED_USERS } from './seed.js';

/** One delivered contact e-mail, as listed by GET sandbox/outbox (without `raw`). */
export interface OutboxEntry {
  id: string;
  exposeId: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  attachmentName: string;
  attachmentXml: string;
}

export interface TokenRecord {
  user: string;
  expiresAt: number;
}

interface Persisted {
  version: 1;
  projectEntries: Record<string, { id: string; realEstateId: string }[]>;
  nextEntryId: number;
  outbox: OutboxEntry[];
  tokens: Record<string, TokenRecord>;
}

const STATE_FILE = 'sandbox-state.json';

function seededEntries(): {
  entries: Map<string, { id: string; realEstateId: string }[]>;
  next: number;
} {
  let next = 9100001;
  const entries = new Map<string, { id: string; realEstateId: string }[]>();
  for (const p of SEED_PROJECTS)
    entries.set(
      p.id,
      p.entries.map((realEstateId) => ({ id: String(next++), realEstateId })),
    );
  return { entries, next };
}

/** The sandbox's mutable state: what changes through the API and what dataDir persists. */
export class SandboxState {
  readonly strictContact: boolean;
  readonly dataDir?: string;
  readonly outboxDir: string;
  private readonly ownsOutboxDir: boolean;
  /** Faults by scope (packages/sandbox/src/faults.ts). */
  readonly faults = new FaultStore();
  tokens = new Map<string, TokenRecord>();
  projectEntries = new Map<string, { id: string; realEstateId: string }[]>();
  nextEntryId = 0;
  outbox: OutboxEntry[] = [];
  /** The geography, or the Error that kept it from loading. */
  readonly geo: GeoIndexApi | Error;
  /** Cache slot for data derived from the geography on first use (statistic seeds). */
  derived = new Map<string, unknown>();

  private constructor(opts: {
    dataDir?: string;
    strictContact: boolean;
    geo: GeoIndexApi | Error;
  }) {
    this.strictContact = opts.strictContact;
    this.dataDir = opts.dataDir;
    this.geo = opts.geo;
    if (opts.dataDir) {
      this.outboxDir = join(opts.dataDir, 'outbox');
      mkdirSync(this.outboxDir, { recursive: true });
      this.ownsOutboxDir = false;
    } else {
      this.outboxDir = mkdtempSync(join(tmpdir(), 'immo-sandbox-outbox-'));
      this.ownsOutboxDir = true;
    }
    this.seed();
    if (opts.dataDir) this.load();
  }

  static async create(opts: {
    dataDir?: string;
    strictContact: boolean;
    geo: boolean;
  }): Promise<SandboxState> {
    const geo = opts.geo
      ? await loadGeoOnce()
      : new Error('the geography is switched off for this sandbox (geo: false).');
    return new SandboxState({ ...opts, geo });
  }

  private seed(): void {
    const { entries, next } = seededEntries();
    this.projectEntries = entries;
    this.nextEntryId = next;
    this.outbox = [];
  }

  private load(): void {
    const saved = readJson<Persisted>(join(this.dataDir!, STATE_FILE));
    if (!saved || saved.version !== 1) return;
    const known = new Set(SEED_PROJECTS.map((p) => p.id));
    for (const [id, list] of Object.entries(saved.projectEntries ?? {})) {
      if (known.has(id) && Array.isArray(list)) {
        this.projectEntries.set(
          id,
          list.filter((e) => e && typeof e.realEstateId === 'string' && typeof e.id === 'string'),
        );
      }
    }
    if (Number.isInteger(saved.nextEntryId) && saved.nextEntryId > this.nextEntryId)
      this.nextEntryId = saved.nextEntryId;
    if (Array.isArray(saved.outbox))
      this.outbox = saved.outbox.filter((e) => e && typeof e.id === 'string');
    const now = Date.now();
    for (const [t, rec] of Object.entries(saved.tokens ?? {})) {
      if (rec && typeof rec.user === 'string' && rec.expiresAt > now) this.tokens.set(t, rec);
    }
  }

  /** Writes the persisted part to dataDir (atomically); no-op without dataDir. */
  save(): void {
    if (!this.dataDir) return;
    const data: Persisted = {
      version: 1,
      projectEntries: Object.fromEntries(this.projectEntries),
      nextEntryId: this.nextEntryId,
      outbox: this.outbox,
      tokens: Object.fromEntries(this.tokens),
    };
    writeFileAtomic(join(this.dataDir, STATE_FILE), JSON.stringify(data, null, 1));
  }

  /**
   * Back to the seeded state: faults and outbox cleared, project entries as seeded. Tokens
   * stay valid. With a fault scope, only that scope's faults are cleared.
   */
  reset(scope: string = GLOBAL): void {
    if (scope === GLOBAL) this.faults.clearAll();
    else this.faults.clear(scope);
    for (const e of this.outbox) {
      try {
        unlinkSync(this.emlPath(e.id));
      } catch {
        /* already gone */
      }
    }
    this.seed();
    this.save();
  }

  close(): void {
    if (this.ownsOutboxDir) rmSync(this.outboxDir, { recursive: true, force: true });
  }

  // --- tokens -------------------------------------------------------------------------

  issueToken(user: string, ttlSeconds: number): { token: string; expiresAt: string; user: string } {
    const token = 'sbx_' + randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + ttlSeconds * 1000;
    this.tokens.set(token, { user, expiresAt });
    this.pruneTokens();
    this.save();
    return { token, expiresAt: new Date(expiresAt).toISOString(), user };
  }

  expireToken(token: string): boolean {
    const rec = this.tokens.get(token);
    if (!rec) return false;
    rec.expiresAt = Math.min(rec.expiresAt, Date.now() - 1);
    this.save();
    return true;
  }

  /** `{ user }` for a valid token, 'expired', or undefined for an unknown one. */
  checkToken(token: string): { user: string } | 'expired' | undefined {
    const rec = this.tokens.get(token);
    if (!rec) return undefined;
    if (rec.expiresAt <= Date.now()) return 'expired';
    return { user: rec.user };
  }

  private pruneTokens(): void {
    // Expired tokens are kept for a day so that they answer "expired" rather than "unknown".
    const limit = Date.now() - 86400_000;
    for (const [t, rec] of this.tokens) if (rec.expiresAt < limit) this.tokens.delete(t);
  }

  // --- outbox -------------------------------------------------------------------------

  emlPath(id: string): string {
    if (!/^[A-Za-z0-9-]+$/.test(id)) throw new Error('bad outbox id');
    return join(this.outboxDir, `${id}.eml`);
  }

  addToOutbox(entry: OutboxEntry, raw: Buffer): void {
    writeFileAtomic(this.emlPath(entry.id), raw);
    this.outbox.push(entry);
    this.save();
  }

  readEml(id: string): Buffer | undefined {
    if (!this.outbox.some((e) => e.id === id)) return undefined;
    try {
      return readFileSync(this.emlPath(id));
    } catch {
      return undefined;
    }
  }

  static knownUser(user: string): boolean {
    return Object.hasOwn(SEED_USERS, user);
  }
}
