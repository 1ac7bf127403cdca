import { z } from 'zod';
import { rangeProblem } from '@egg-rush/game/analytics';

/**
 * The console's analytics (GET /admin/analytics/…): game days `YYYY-MM-DD` from `from` to `to`
 * (both included, at most ANALYTICS_MAX_DAYS); `format=csv` answers the same rows as CSV text.
 */
export const analyticsQuery = z
  .object({
    from: z.string().max(10),
    to: z.string().max(10),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((q, ctx) => {
    const problem = rangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** A chart as CSV text (`format=csv`). */
const csv = z.string();

/** GET /admin/analytics/retention: per cohort (first day), players active again on day 1, 7, 30. */
export const analyticsRetention = z.object({
  cohorts: z.array(
    z.object({
      day: z.string(),
      size: z.number(),
      /** Counts; null while that day has not begun. */
      retained: z.object({
        d1: z.number().nullable(),
        d7: z.number().nullable(),
        d30: z.number().nullable(),
      }),
    }),
  ),
});
export type AnalyticsRetention = z.infer<typeof analyticsRetention>;

/** GET /admin/analytics/economy: coins created per source and spent per sink, per day. */
export const analyticsEconomy = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      sources: z.record(z.string(), z.number()),
      sinks: z.record(z.string(), z.number()),
    }),
  ),
});
export type AnalyticsEconomy = z.infer<typeof analyticsEconomy>;

/** GET /admin/analytics/funnel: of the players first launched in the range, how many did each step. */
export const analyticsFunnel = z.object({
  steps: z.array(z.object({ name: z.string(), players: z.number() })),
});
export type AnalyticsFunnel = z.infer<typeof analyticsFunnel>;

/** GET /admin/analytics/active: players active per day (a launch or any ledger row). */
export const analyticsActive = z.object({
  days: z.array(z.object({ day: z.string(), players: z.number() })),
});
export type AnalyticsActive = z.infer<typeof analyticsActive>;

/** GET /admin/analytics/new-players: new players per day, by source, language and platform. */
export const analyticsNewPlayers = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      players: z.number(),
      sources: z.record(z.string(), z.number()),
      languages: z.record(z.string(), z.number()),
      platforms: z.record(z.string(), z.number()),
    }),
  ),
});
export type AnalyticsNewPlayers = z.infer<typeof analyticsNewPlayers>;

/** GET /admin/analytics/revenue: Telegram Stars paid per day (refunds apart). */
export const analyticsRevenue = z.object({
  days: z.array(z.object({ day: z.string(), stars: z.number(), refunded: z.number(), payments: z.number() })),
});
export type AnalyticsRevenue = z.infer<typeof analyticsRevenue>;

export const analyticsReplies = {
  retention: z.union([analyticsRetention, csv]),
  economy: z.union([analyticsEconomy, csv]),
  funnel: z.union([analyticsFunnel, csv]),
  active: z.union([analyticsActive, csv]),
  newPlayers: z.union([analyticsNewPlayers, csv]),
  revenue: z.union([analyticsRevenue, csv]),
};
