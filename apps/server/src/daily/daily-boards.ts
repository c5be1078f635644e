/**
 * The read side of daily rankings (issue #4): a section's daily rankings and the monthly season
 * board, with the caches that keep them fast (bench/daily targets with 100,000 players and
 * 1,000,000 submissions a month: season p99 ≤ 50 ms, daily rankings p99 ≤ 20 ms):
 *
 *  - ranking pages and the season top 10 are served for DAILY_CACHE_TTL_MS, then reloaded in the
 *    background while the old page is still served (platform/refreshing-cache.ts), and dropped at
 *    once when this process stores a submission that changes them;
 *  - the caller's season rank comes from an in-memory rank index per season (season-ranks.ts),
 *    updated by this process's submissions; every DAILY_SEASON_RANKS_REFRESH_MS a background read
 *    of the totals updated since the last one brings in other processes' submissions.
 *
 * Only the current season changes (only today's set can be submitted), so a past season is read
 * once and kept. Cache lifetimes are elapsed real time (the injected `timer`, platform/clock.ts):
 * they are about other processes, not about the game's clock.
 */
import { LRUCache } from 'lru-cache';
import type { DailyLeaderboardResponse, DailySectionKey, DailySeasonResponse, SeasonEntry } from '@mathsprint/shared/protocol';
import type { Clock, MonotonicClock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { createRefreshingCache } from '../platform/refreshing-cache.js';
import type { DailyRepo, DailyUser, SeasonRow } from './daily.repo.js';
import { rankingEntries, seasonEntries } from './daily.views.js';
import { SeasonRanks } from './season-ranks.js';

/** Rows of the season board (spec §2: a top-3 podium and ranks 4–10). */
export const SEASON_TOP_SIZE = 10;
/** Seasons whose rank index is kept (the current one, the previous one, and a few browsed). */
const SEASONS_KEPT = 4;

interface SeasonIndex {
  ranks: SeasonRanks;
  /** Timer reading (ms) of the last re-read, to space them DAILY_SEASON_RANKS_REFRESH_MS apart. */
  refreshedAt: number;
  /** Game-clock time (ms) the last read began: the next re-read asks for totals updated since. */
  readFromMs: number;
  refreshing: boolean;
}

/**
 * A re-read asks for totals updated since the previous read began minus this margin, so a
 * submission whose transaction was still open (or whose process's clock lagged) is not missed.
 * Totals only grow, so reading one twice is harmless.
 */
const REREAD_OVERLAP_MS = 60_000;

/** A response body already serialised to JSON, of shape T. */
export type JsonText<T> = string & { readonly __shape?: T };

export interface DailyBoards {
  /** GET /api/daily/leaderboard body: a section's day, best first. */
  /**
   * GET /api/daily/leaderboard body, serialised: the same bytes for every caller.
   * @param final - true when the day can no longer change (before yesterday: only today's set is
   *   submitted); its page is then kept until evicted rather than for DAILY_CACHE_TTL_MS.
   */
  ranking(date: string, sectionKey: DailySectionKey, limit: number, final: boolean): Promise<JsonText<DailyLeaderboardResponse>>;
  /** GET /api/daily/season body for `user`. @param current - whether this is the current season (it may still change). */
  season(user: DailyUser, year: number, month: number, current: boolean): Promise<DailySeasonResponse>;
  /** Drops every cached ranking page and season top, kept ones of past days too: a player's name
   * changed (an account deletion shows them as 'Deleted player'). */
  namesChanged(): void;
  /** Records a stored submission: the user's new season total, and the caches it makes stale. */
  submitted(date: string, sectionKey: DailySectionKey, season: string, userId: string, seasonTotal: number): void;
}

/**
 * Makes the boards of one process over `repo`. `clock` is the game's (which season, the totals'
 * update times); `timer` is elapsed real time, which the rank index's refreshes are spaced on.
 */
export function createDailyBoards(deps: {
  repo: DailyRepo;
  clock: Clock;
  timer: MonotonicClock;
  logger: Logger;
  cacheTtlMs: number;
  ranksRefreshMs: number;
}): DailyBoards {
  const { repo, clock, timer, logger, cacheTtlMs, ranksRefreshMs } = deps;
  /** `${date}:${sectionKey}:${limit}` → the serialised page of a day that may still change. */
  const rankings = createRefreshingCache<string, JsonText<DailyLeaderboardResponse>>({
    load: (key) => {
      const [date = '', sectionKey, limit] = key.split(':');
      return loadRanking(date, sectionKey as DailySectionKey, Number(limit));
    },
    ttlMs: cacheTtlMs,
    max: 512,
  });
  /** Pages of days that can no longer change: 31 days × 4 sections × a few limits. */
  const finalRankings = new LRUCache<string, JsonText<DailyLeaderboardResponse>>({ max: 1024 });
  /** Season (YYYY-MM) → its top SEASON_TOP_SIZE rows. */
  const tops = createRefreshingCache<string, SeasonRow[]>({ load: (season) => repo.seasonTop(season, SEASON_TOP_SIZE), ttlMs: cacheTtlMs, max: 16 });
  const indexes = new LRUCache<string, SeasonIndex>({ max: SEASONS_KEPT });
  const indexLoads = new Map<string, Promise<SeasonIndex>>();

  const sectionPrefix = (date: string, sectionKey: string) => `${date}:${sectionKey}:`;

  async function loadIndex(season: string): Promise<SeasonIndex> {
    let load = indexLoads.get(season);
    if (!load) {
      const readFromMs = clock.now();
      load = repo
        .seasonPoints(season)
        .then((totals) => ({ ranks: new SeasonRanks(totals), refreshedAt: timer.now(), readFromMs, refreshing: false }))
        .finally(() => indexLoads.delete(season));
      indexLoads.set(season, load);
    }
    const index = await load;
    indexes.set(season, index);
    return index;
  }

  /** Brings in totals other processes changed, without blocking readers: only rows updated since the last read. */
  function refreshIndex(season: string, index: SeasonIndex): void {
    if (index.refreshing) return;
    index.refreshing = true;
    index.refreshedAt = timer.now();
    const readFromMs = clock.now();
    repo.seasonPointsSince(season, index.readFromMs - REREAD_OVERLAP_MS).then(
      (totals) => {
        for (const t of totals) index.ranks.set(t.userId, Math.max(t.seasonPoints, index.ranks.pointsOf(t.userId) ?? 0));
        index.readFromMs = readFromMs;
        index.refreshing = false;
      },
      (error: unknown) => {
        index.refreshing = false;
        logger.error({ err: error, season }, 'season rank index re-read failed; keeping the old one');
      },
    );
  }

  async function seasonIndex(season: string, current: boolean): Promise<SeasonIndex> {
    const index = indexes.get(season) ?? (await loadIndex(season));
    if (current && timer.now() - index.refreshedAt >= ranksRefreshMs) refreshIndex(season, index);
    return index;
  }

  async function loadRanking(date: string, sectionKey: DailySectionKey, limit: number): Promise<JsonText<DailyLeaderboardResponse>> {
    return JSON.stringify({ top: rankingEntries(await repo.ranking(date, sectionKey, limit)) });
  }

  return {
    namesChanged() {
      finalRankings.clear();
      rankings.forgetWhere(() => true);
      tops.forgetWhere(() => true);
    },
    async ranking(date, sectionKey, limit, final) {
      const key = `${sectionPrefix(date, sectionKey)}${limit}`;
      if (!final) return (await rankings.get(key)) ?? loadRanking(date, sectionKey, limit);
      const cached = finalRankings.get(key);
      if (cached) return cached;
      const body = await loadRanking(date, sectionKey, limit);
      finalRankings.set(key, body);
      return body;
    },

    async season(user, year, month, current) {
      const season = `${year}-${String(month).padStart(2, '0')}`;
      const [index, rows] = await Promise.all([seasonIndex(season, current), tops.get(season).then((rows) => rows ?? [])]);
      const rankOf = (points: number) => index.ranks.rankOf(points);
      const top = seasonEntries(rows, rankOf);
      const points = index.ranks.pointsOf(user.id);
      const me: Omit<SeasonEntry, 'rank'> & { rank: number | null } = {
        rank: points === undefined ? null : rankOf(points),
        _id: user.id,
        name: user.name,
        seasonPoints: points ?? 0,
        rating: Math.round(user.rating),
        rd: Math.round(user.rd),
      };
      return { year, month, top, me, participants: index.ranks.size };
    },

    submitted(date, sectionKey, season, userId, seasonTotal) {
      const prefix = sectionPrefix(date, sectionKey);
      rankings.forgetWhere((key) => key.startsWith(prefix));
      tops.forget(season);
      const index = indexes.get(season);
      index?.ranks.set(userId, Math.max(seasonTotal, index.ranks.pointsOf(userId) ?? 0));
      // A first read in flight may have missed this submission.
      void indexLoads.get(season)?.then((loaded) => loaded.ranks.set(userId, Math.max(seasonTotal, loaded.ranks.pointsOf(userId) ?? 0)), () => {});
    },
  };
}
