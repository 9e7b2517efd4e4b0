import { mkdir, open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { ClickRecord } from './short-links.repository.js';

/** One journal line: short keys, since a busy redirect writes thousands a second. */
interface JournalLine { k: string; l: number; o: number; s: number | null; r: string | null; t: number; d: string; u: string | null }

const FILE_PATTERN = /^(\d+)-(\d+)-(\d+)\.jsonl$/;

/**
 * The redirect's durable journal of clicks (issue 28: "stored asynchronously, nothing lost on
 * restart"). A redirect is answered only once its click is written to this process's journal file
 * (with fsync: on the disk) — many clicks share one write (group commit: clicks arriving while a
 * write is in flight go together into the next). `drain` moves the file into the database: it
 * starts a new file, reads the closed one, stores its clicks (`clickKey` unique, so a file stored
 * twice — a crash between the insert and the unlink — counts each click once) and removes it.
 * Files of a process that is gone (a kill -9) are drained by the next process that drains in the
 * same data folder. A torn last line (a write cut by a crash) was never answered, so it is dropped.
 */
export class ClickJournal {
  private current: { path: string; handle: FileHandle; bytes: number } | null = null;
  private buffer: string[] = [];
  private waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  private chain: Promise<void> = Promise.resolve();
  private sequence = 0;
  private readonly startedAt = Date.now();
  private drains: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly fsync: boolean,
    private readonly store: (clicks: ClickRecord[]) => Promise<number>,
  ) {}

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.current = await this.newFile();
  }

  /** Resolves once the click is in the journal (the redirect is answered then); rejects if it could not be written. */
  append(click: ClickRecord): Promise<void> {
    const line: JournalLine = { k: click.clickKey, l: click.shortLinkId, o: click.organizationId, s: click.sendId, r: click.receiver, t: click.clickedAt.getTime(), d: click.device, u: click.userAgent };
    this.buffer.push(`${JSON.stringify(line)}\n`);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.scheduled) {
      this.scheduled = true;
      this.enqueue(() => this.writeBatch());
    }
    return done;
  }

  /**
   * Moves every closed journal file (this process's and those of processes gone) into the
   * database; answers the clicks newly stored. Drains run one after another, and each call's own
   * drain starts after the call, so every click answered before it is stored when it resolves.
   */
  drain(): Promise<number> {
    const run = this.drains.catch(() => undefined).then(() => this.drainOnce());
    this.drains = run;
    return run;
  }

  /** Writes what is buffered, drains everything and closes the file (a graceful stop). */
  async close(): Promise<void> {
    await this.drain();
    await this.chain;
    const last = this.current;
    this.current = null;
    if (last) {
      await last.handle.close();
      if (last.bytes === 0) await unlink(last.path).catch(() => undefined);
      else await this.drainFile(last.path);
    }
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.chain.then(step);
    // The chain itself never rejects: one failed write must not stop the next.
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async writeBatch(): Promise<void> {
    this.scheduled = false;
    const lines = this.buffer;
    const waiters = this.waiters;
    this.buffer = [];
    this.waiters = [];
    if (lines.length === 0) return;
    try {
      if (!this.current) throw new Error('the click journal is closed');
      const data = lines.join('');
      await this.current.handle.write(data);
      if (this.fsync) await this.current.handle.datasync();
      this.current.bytes += data.length;
      for (const w of waiters) w.resolve();
    } catch (err) {
      for (const w of waiters) w.reject(err);
    }
  }

  private async newFile(): Promise<{ path: string; handle: FileHandle; bytes: number }> {
    const file = path.join(this.dir, `${process.pid}-${this.startedAt}-${String(++this.sequence).padStart(6, '0')}.jsonl`);
    return { path: file, handle: await open(file, 'a'), bytes: 0 };
  }

  private async drainOnce(): Promise<number> {
    // Start a new file in the write chain, so no batch is half in the old one; an empty file is kept.
    await this.enqueue(async () => {
      if (!this.current || this.current.bytes === 0) return;
      const old = this.current;
      this.current = await this.newFile();
      await old.handle.close();
    });
    let stored = 0;
    const files = (await readdir(this.dir)).filter((f) => FILE_PATTERN.test(f)).sort();
    for (const f of files) {
      const full = path.join(this.dir, f);
      if (full === this.current?.path) continue;
      const pid = Number(FILE_PATTERN.exec(f)![1]);
      const mine = pid === process.pid && f.includes(`-${this.startedAt}-`);
      if (!mine && processAlive(pid) && pid !== process.pid) continue;
      stored += await this.drainFile(full);
    }
    return stored;
  }

  private async drainFile(file: string): Promise<number> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return 0;
    }
    const clicks: ClickRecord[] = [];
    for (const raw of text.split('\n')) {
      if (!raw) continue;
      let line: JournalLine;
      try {
        line = JSON.parse(raw) as JournalLine;
      } catch {
        continue;
      }
      if (typeof line.k !== 'string' || !Number.isFinite(line.l)) continue;
      clicks.push({ clickKey: line.k, shortLinkId: line.l, organizationId: line.o, sendId: line.s, receiver: line.r, clickedAt: new Date(line.t), device: line.d, userAgent: line.u });
    }
    const stored = clicks.length > 0 ? await this.store(clicks) : 0;
    await unlink(file).catch(() => undefined);
    return stored;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
