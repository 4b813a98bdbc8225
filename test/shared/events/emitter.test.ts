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

  it('a listener added while firing waits for the next fire; one removed while firing is not called', () => {
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
    expect(second).toEqual([]);
  });

  it('with a single listener, one it adds while firing waits for the next fire too', () => {
    const emitter = new Emitter<number>();
    const late: number[] = [];
    const stop = emitter.event(() => {
      stop();
      emitter.event((value) => late.push(value));
    });
    emitter.fire(1);
    emitter.fire(2);
    expect(late).toEqual([2]);
  });

  it('by default the first error is thrown back to whoever fired, after every listener ran', () => {
    const emitter = new Emitter<string>();
    const seen: string[] = [];
    emitter.event(() => { throw new Error('first'); });
    emitter.event(() => { throw new Error('second'); });
    emitter.event((value) => seen.push(value));
    expect(() => emitter.fire('x')).toThrow('first');
    expect(seen).toEqual(['x']);
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
