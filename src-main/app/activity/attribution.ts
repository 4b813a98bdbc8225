// Which clicks made up a change the core reports on: the core sends the net of every click before
// the send, so an outcome of A takes the longest prefix of the queue that nets to A.
import type { ClickSource, SourceBreakdown } from '../../../src-shared/domain/activity';

interface Click {
  source: ClickSource;
  amount: number;
}

export class ClickAttribution {
  private readonly queues = new Map<string, Click[]>();

  click(counterId: string, source: ClickSource, amount: number): void {
    const queue = this.queues.get(counterId) ?? [];
    queue.push({ source, amount });
    this.queues.set(counterId, queue);
  }

  /** Removes those clicks. */
  take(counterId: string, amount: number): SourceBreakdown {
    const queue = this.queues.get(counterId);
    if (!queue) return {};
    let sum = 0;
    let end = -1;
    for (let i = 0; i < queue.length; i += 1) {
      sum += (queue[i] as Click).amount;
      if (sum === amount) end = i;
    }
    // None nets to it (clicks from before a restart, a change the core folded back): say nothing.
    if (end === -1) return {};
    const taken = queue.splice(0, end + 1);
    if (queue.length === 0) this.queues.delete(counterId);
    return breakdown(taken);
  }

  /** The newest clicks that net to `amount` (an undo withdrew them unsent); removes them. */
  takeLatest(counterId: string, amount: number): SourceBreakdown {
    const queue = this.queues.get(counterId);
    if (!queue) return {};
    let sum = 0;
    for (let start = queue.length - 1; start >= 0; start -= 1) {
      sum += (queue[start] as Click).amount;
      if (sum !== amount) continue;
      const taken = queue.splice(start);
      if (queue.length === 0) this.queues.delete(counterId);
      return breakdown(taken);
    }
    return this.splitLatest(counterId, queue, amount);
  }

  /** The ledger may withdraw part of a click (+2 queued, undo of +1): splits the newest clicks of its sign. */
  private splitLatest(counterId: string, queue: Click[], amount: number): SourceBreakdown {
    const taken: Click[] = [];
    let left = amount;
    for (let i = queue.length - 1; i >= 0 && left !== 0; i -= 1) {
      const click = queue[i] as Click;
      if (Math.sign(click.amount) !== Math.sign(left)) return {};
      const part = Math.sign(left) * Math.min(Math.abs(left), Math.abs(click.amount));
      taken.push({ source: click.source, amount: part });
      left -= part;
    }
    if (left !== 0) return {};
    let rest = amount;
    while (rest !== 0) {
      const click = queue[queue.length - 1] as Click;
      const part = Math.sign(rest) * Math.min(Math.abs(rest), Math.abs(click.amount));
      click.amount -= part;
      rest -= part;
      if (click.amount === 0) queue.pop();
    }
    if (queue.length === 0) this.queues.delete(counterId);
    return breakdown(taken);
  }

  forgetCounter(counterId: string): void {
    this.queues.delete(counterId);
  }

  /** The core dropped the unsent clicks in a refused direction. */
  dropDirection(counterId: string, sign: 1 | -1): void {
    const queue = this.queues.get(counterId);
    if (!queue) return;
    const kept = queue.filter((c) => Math.sign(c.amount) !== sign);
    if (kept.length > 0) this.queues.set(counterId, kept);
    else this.queues.delete(counterId);
  }

  /** Nothing pending any more: the queued clicks when they cancelled out (an undo before sending); others forgotten. */
  settle(counterId: string): SourceBreakdown | undefined {
    const queue = this.queues.get(counterId);
    if (!queue) return undefined;
    this.queues.delete(counterId);
    const net = queue.reduce((sum, c) => sum + c.amount, 0);
    return net === 0 && queue.some((c) => c.source === 'undo') ? breakdown(queue) : undefined;
  }

  has(counterId: string): boolean {
    return this.queues.has(counterId);
  }

  forget(): void {
    this.queues.clear();
  }
}

function breakdown(clicks: readonly Click[]): SourceBreakdown {
  const sources: SourceBreakdown = {};
  for (const click of clicks) sources[click.source] = (sources[click.source] ?? 0) + click.amount;
  return sources;
}
