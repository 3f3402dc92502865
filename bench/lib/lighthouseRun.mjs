/**
 * One Lighthouse run reduced to what the benchmarks print: scores, the vitals, the main thread's
 * work by kind and the longest tasks with what ran in them. Times are Lighthouse's: with simulated
 * throttling, the observed CPU work times its CPU slowdown (4 on mobile, 1 on desktop). The long
 * tasks come from the run's trace through Lighthouse's own task tree (its long-tasks audit, under
 * simulation, cannot split a task by kind: every child reads 0), their observed times multiplied the
 * same way.
 */
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse's task groups, in the order printed, with short labels. */
export const WORK_KINDS = [
  ['scriptEvaluation', 'script'],
  ['scriptParseCompile', 'parse/compile'],
  ['styleLayout', 'style+layout'],
  ['parseHTML', 'HTML+CSS parse'],
  ['paintCompositeRender', 'paint'],
  ['garbageCollection', 'GC'],
  ['other', 'other'],
];

export const median = (list) => {
  const sorted = list.filter((n) => Number.isFinite(n)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The run's report, reduced. `config` is Lighthouse's (default: mobile); `flags` adds e.g. extraHeaders. */
export async function lighthouseRun(url, port, { config, flags = {}, onReport } = {}) {
  const load = loadavg()[0];
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ...flags }, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  onReport?.(lhr);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(lhr.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  const work = Object.fromEntries((lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [item.group, item.duration]));
  const slowdown = lhr.configSettings.throttlingMethod === 'simulate' ? lhr.configSettings.throttling.cpuSlowdownMultiplier : 1;
  const observedFirstPaint = lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0;
  const { longTasks, cpuBlocking, cpuAfterPaint } = await mainThreadWork(result.artifacts?.Trace, slowdown, observedFirstPaint);
  return {
    load,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    cpuBlocking,
    cpuAfterPaint,
    work,
    longTasks,
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    htmlBytes: lhr.audits['network-requests']?.details?.items?.find((r) => r.resourceType === 'Document')?.transferSize ?? Number.NaN,
    scriptBytes: (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failed,
  };
}

/**
 * The page's main-thread tasks from the run's trace (Lighthouse's own task tree), each with its wall
 * time and its CPU time (the trace's thread time: what the thread itself ran, without the time the
 * busy machine gave its core to something else), both times the slowdown, as Lighthouse counts them.
 * Returns the ten longest top-level tasks by CPU time (long or not), with the trace events that took their time
 * (self time by event name: EvaluateScript, Layout, UpdateLayoutTree = style, ParseHTML,
 * FunctionCall, ...), and the blocking time by CPU: the sum over tasks after the observed first paint
 * of their CPU time past 50 ms, and all their CPU time (the work after the first paint). These barely move with the machine's load, where Lighthouse's
 * TBT (wall time, simulated) does.
 */
async function mainThreadWork(trace, slowdown, firstPaintMs) {
  if (!trace) return { longTasks: [], cpuBlocking: Number.NaN, cpuAfterPaint: Number.NaN };
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() });
  const cpuMs = (task) => ((task.event.tdur ?? task.event.dur ?? 0) / 1000) * slowdown;
  const selfByName = (task, into = new Map()) => {
    if (task.selfTime > 0) into.set(task.event.name, (into.get(task.event.name) ?? 0) + task.selfTime * slowdown);
    for (const child of task.children) selfByName(child, into);
    return into;
  };
  const topLevel = tasks.filter((task) => !task.parent);
  const afterPaint = topLevel.filter((task) => task.startTime >= firstPaintMs);
  const cpuBlocking = afterPaint.reduce((sum, task) => sum + Math.max(0, cpuMs(task) - 50), 0);
  const cpuAfterPaint = afterPaint.reduce((sum, task) => sum + cpuMs(task), 0);
  const longTasks = topLevel
    .sort((a, b) => cpuMs(b) - cpuMs(a))
    .slice(0, 10)
    .map((task) => ({
      startTime: task.startTime,
      duration: task.duration * slowdown,
      cpu: cpuMs(task),
      url: task.attributableURLs.find((url) => /\.m?js(\?|$)/.test(url)) ?? task.attributableURLs.at(-1) ?? '',
      kinds: [...selfByName(task)].filter(([name, ms]) => ms >= 2 && name !== 'RunTask' && name !== 'ThreadControllerImpl::RunTask'),
    }));
  return { longTasks, cpuBlocking, cpuAfterPaint };
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): that run is made again. */
export async function withRetries(run, tries = 3) {
  for (let i = 1; ; i += 1) {
    try {
      return await run();
    } catch (err) {
      if (i >= tries) throw err;
      console.warn(`  (run failed, again: ${err.message.slice(0, 120)})`);
    }
  }
}

/** "47 Layout, 33 UpdateLayoutTree, 12 Commit" for one task: its four largest kinds, ms. */
export const kindsText = (kinds) =>
  kinds
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([label, ms]) => `${Math.round(ms)} ${label}`)
    .join(', ');
