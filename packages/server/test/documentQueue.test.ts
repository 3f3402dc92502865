/**
 * The PDF cleaner takes its work as a fair queue (decision 106): two files at once, and when one
 * ends the next is the waiting customer's with the fewest running, so one customer's slow files
 * never delay another's by more than a turn: first the queue alone, with tasks the test ends by
 * hand, then through the API with real slow PDFs.
 */
import type { FastifyInstance } from 'fastify';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pdfQueue } from '../src/features/drivers/documents';
import { FairQueue } from '../src/features/drivers/fairQueue';
import { type Account, callWithStatus, createTestApp, describeDatabase, outcomeOf, registerCustomer, type TestApp } from './helpers';
import { formData } from './support/multipart';

/** A task that runs until the test ends it, noting when it started. */
function handTask(name: string, started: string[]) {
  let end: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    end: () => end(),
    run: async () => {
      started.push(name);
      await done;
      return name;
    },
  };
}

describe('the fair queue', () => {
  it('runs at most its workers at once, and gives the next turn to the customer with the fewest running', async () => {
    const queue = new FairQueue(2);
    const started: string[] = [];
    const a = Array.from({ length: 5 }, (_, i) => handTask(`A${i + 1}`, started));
    const b = Array.from({ length: 2 }, (_, i) => handTask(`B${i + 1}`, started));
    const c = handTask('C1', started);
    const answers = a.map((task) => queue.run('A', task.run));
    await vi.waitFor(() => expect(started).toEqual(['A1', 'A2']));
    expect(queue.pending('A')).toBe(5);
    const bAnswers = b.map((task) => queue.run('B', task.run));
    const cAnswer = queue.run('C', c.run);

    // One of A's ends: B, waiting with none running, goes before A's third.
    a[0]!.end();
    await vi.waitFor(() => expect(started).toEqual(['A1', 'A2', 'B1']));
    // The next: C (none running) before B's second and A's third.
    a[1]!.end();
    await vi.waitFor(() => expect(started).toEqual(['A1', 'A2', 'B1', 'C1']));
    // Then turns alternate between A and B, each in its own order.
    b[0]!.end();
    await vi.waitFor(() => expect(started.at(-1)).toBe('A3'));
    c.end();
    await vi.waitFor(() => expect(started.at(-1)).toBe('B2'));
    for (const task of [...a, ...b]) task.end();
    expect(await Promise.all([...answers, ...bAnswers, cAnswer])).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'C1']);
    expect(started).toEqual(['A1', 'A2', 'B1', 'C1', 'A3', 'B2', 'A4', 'A5']);
    expect([queue.pending('A'), queue.pending('B'), queue.pending('C')]).toEqual([0, 0, 0]);
  });

  it("gives a failed task's turn to the next", async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('A', () => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    expect(await queue.run('A', async () => 'next')).toBe('next');
    expect(queue.pending('A')).toBe(0);
  });
});

/** A real PDF that takes the cleaner seconds to read: tens of thousands of small objects, all reached from the document. */
async function slowPdf(objects: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText('Bank statement, many pages of it');
  const parts = pdf.context.obj([]);
  for (let i = 0; i < objects; i++) parts.push(pdf.context.register(pdf.context.obj({ Line: i, Amounts: [i, i + 1, i + 2] })));
  pdf.catalog.set(PDFName.of('Statement'), pdf.context.register(parts));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

async function smallPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText('Work ID');
  return Buffer.from(await pdf.save());
}

describe(`one customer's slow files do not hold another's (${describeDatabase})`, () => {
  let t: TestApp;
  let slow: Account;
  let quick: Account;

  beforeAll(async () => {
    t = await createTestApp();
    slow = await registerCustomer(t.app, { name: 'Slow Sender' });
    quick = await registerCustomer(t.app, { name: 'Quick Sender' });
  });
  afterAll(() => t?.close());

  const send = async (app: FastifyInstance, account: Account, kind: string, bytes: Buffer) => {
    const form = formData({ kind }, [{ name: 'file', bytes, type: 'application/pdf', filename: 'document.pdf' }]);
    return outcomeOf(callWithStatus(app, account.token, 'uploadDocument', { form }));
  };

  it("takes B's small file before A's queue drains", async () => {
    const heavy = await slowPdf(6_000);
    const started: string[] = [];
    pdfQueue.onStart = (account) => started.push(account === slow.user._id ? 'A' : account === quick.user._id ? 'B' : '?');
    try {
      const kinds = ['licence_front', 'licence_back', 'passport', 'work_id'];
      const aFiles = kinds.map((kind) => send(t.app, slow, kind, heavy));
      // All four of A's are with the cleaner (two running, two waiting) before B sends.
      await vi.waitFor(() => expect(pdfQueue.pending(slow.user._id)).toBe(4), { timeout: 60_000, interval: 20 });
      expect(started).toEqual(['A', 'A']);
      const bFile = send(t.app, quick, 'work_id', await smallPdf());
      const answers = await Promise.all([...aFiles, bFile]);
      for (const res of answers) expect(res.status, JSON.stringify(res.refusal)).toBe(201);
      // B's file took a turn before A's queue drained (the first that came free: A A B A A, unless
      // one of A's ended before B's arrived); in a first-come queue it would have started last.
      expect(started).toHaveLength(5);
      expect(started.filter((who) => who === 'B')).toHaveLength(1);
      expect(started.at(-1)).toBe('A');
    } finally {
      pdfQueue.onStart = undefined;
    }
  }, 180_000);
});
