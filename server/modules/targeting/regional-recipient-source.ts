import { inject, injectable } from 'inversify';
import type { Actor } from '../../platform/actor.js';
import { fieldError } from '../../platform/http/errors.js';
import type { GatheredRecipients, RecipientSource, RecipientSourceInput, SqlSelect } from '../messaging/index.js';
import type { CountFilter } from './number-bank.repository.js';
import { RegionalRepository } from './regional.repository.js';

declare module '../messaging/index.js' {
  interface RecipientSourceInputs {
    /**
     * A regional send (targeting): `count` numbers (or `percentage` of those available) picked from
     * the number bank's reachable numbers matching `filter`, leaving out the organization's gray
     * list; `seed` orders the pick. `available` is filled by the source (the counts per operator code it judged).
     */
    regional: { filter: CountFilter; count: number | null; percentage: number | null; organizationId: number; grayList: boolean; seed: number; at: Date; available?: Map<number, number> };
  }
}

type RegionalInput = Extract<RecipientSourceInput, { kind: 'regional' }>;

/** Operator codes of the bank (1 MCI, 2 Irancell, 3 Rightel, 4 Other) as compose prices them. */
const COMPOSE_OPERATOR: Record<number, string> = { 1: 'mci', 2: 'irancell', 3: 'rightel', 4: 'other' };

/** How many a count or a percentage asks of `total` available numbers (a percentage rounds down, at least one). */
export function wantedOf(input: Pick<RegionalInput, 'count' | 'percentage'>, total: number): number {
  if (input.count !== null) return input.count;
  return Math.max(1, Math.floor((total * (input.percentage ?? 0)) / 100));
}

/**
 * The number bank as a whole-list recipient source of compose (messaging's extension point): the
 * picked numbers are the send's receivers as they are, already distinct (one bank row per mobile),
 * answered as a selection (`GatheredRecipients.selection`) that compose loads server-side and
 * judges against the house blacklist and opt-outs in SQL, exactly as for any send.
 */
@injectable()
export class RegionalRecipientSource implements RecipientSource<RegionalInput> {
  readonly kind = 'regional';
  readonly field = 'zoneIds';
  readonly excludes = ['manual', 'text', 'upload', 'bulk', 'phonebook', 'list', 'resend', 'p2p'] as const;

  constructor(@inject(RegionalRepository) private readonly repo: RegionalRepository) {}

  async collect(_actor: Actor, input: RegionalInput): Promise<GatheredRecipients> {
    const grayOf = input.grayList ? input.organizationId : null;
    const counts = await this.repo.countAvailable(input.filter, grayOf, input.at);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    if (total === 0) throw fieldError('zoneIds', 'targeting.regional.emptyRegion');
    const wanted = wantedOf(input, total);
    if (wanted > total) throw fieldError(input.count !== null ? 'count' : 'percentage', 'targeting.regional.countAboveTotal', { total });
    input.available = counts;
    // The pick stays in the database: compose loads it with one INSERT … SELECT in the send's
    // transaction, and the preview prices from the counts without picking.
    const candidateCounts: Record<string, number> = {};
    for (const [code, n] of counts) candidateCounts[COMPOSE_OPERATOR[code] ?? 'other'] = (candidateCounts[COMPOSE_OPERATOR[code] ?? 'other'] ?? 0) + n;
    // Without a gray list nothing a later send reads depends on this pick, so compose holds it from
    // its counts and the scheduler loads it (the recipe rebuilds the same pick: filter, count, seed).
    // With one, the pick is loaded in the request: the organization's next send must not take it.
    const recipe: RegionalRecipe = { filter: input.filter, wanted, seed: input.seed };
    const selection = {
      candidates: this.repo.candidates(input.filter, grayOf, input.at),
      candidateCounts,
      picked: this.repo.picked(input.filter, grayOf, input.at, wanted, input.seed),
      ...(grayOf === null ? { later: { kind: this.kind, recipe } } : {}),
    };
    return { items: [], wrongNumberCount: 0, duplicateCount: 0, invalidSamples: [], size: wanted, selection };
  }

  reselect(recipe: unknown): SqlSelect {
    const r = recipe as RegionalRecipe;
    return this.repo.picked(r.filter, null, new Date(), r.wanted, r.seed);
  }
}

/** What rebuilds a regional pick held without a gray list (stored as `send_selections.recipe`). */
interface RegionalRecipe {
  filter: CountFilter;
  wanted: number;
  seed: number;
}
