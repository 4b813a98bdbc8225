import { describe, expect, it } from 'vitest';
import { Emitter } from '../../../src-shared/events/emitter';

describe('Emitter', () => {
  it('delivers to every subscriber until it unsubscribes', () => {
    const emitter = new Emitter<number>();
    const a: number[] = [];
    const b: number[] = [];
    const stopA = emitter.event((value) => a.push(value));
    emitter.event((value) => b.push(value));
    emitter.fire(1);
    stopA();
    emitter.fire(2);
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  it('a throwing listener does not stop the others, and its error is reported', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<string>({ onListenerError: (error) => errors.push(error) });
    const seen: string[] = [];
    emitter.event(() => { throw new Error('boom'); });
    emitter.event((value) => seen.push(value));
    emitter.fire('x');
    expect(seen).toEqual(['x']);
    expect(errors).toHaveLength(1);
  });

  it('a listener added while firing waits for the next fire; one removed while firing still gets the value in flight', () => {
    const emitter = new Emitter<number>();
    const late: number[] = [];
    let stopSecond = () => {};
    emitter.event(() => {
      emitter.event((value) => late.push(value));
      stopSecond();
    });
    const second: number[] = [];
    stopSecond = emitter.event((value) => second.push(value));
    emitter.fire(1);
    emitter.fire(2);
    expect(late).toEqual([2]);
    // Removed by the first listener before its turn in fire(1): that fire's snapshot still held it.
    expect(second).toEqual([1]);
  });

  it('after dispose nothing is delivered and subscribing is a no-op', () => {
    const emitter = new Emitter<number>();
    const seen: number[] = [];
    emitter.event((value) => seen.push(value));
    emitter.dispose();
    emitter.event((value) => seen.push(value));
    emitter.fire(1);
    expect(seen).toEqual([]);
    expect(emitter.hasListeners).toBe(false);
  });
});
