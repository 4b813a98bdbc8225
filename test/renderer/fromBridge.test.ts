// The page's end of the packed bridge (src-renderer/bridge/fromBridge.ts): state:get's counters
// arrive packed and leave as the contract's AppState; a packed list that does not read back whole
// is a bad answer, never a state with some counters missing; every other channel passes as it came.
import { describe, expect, it, vi } from 'vitest';
import { fromBridge } from '../../src-renderer/bridge/fromBridge';
import type { BridgedAppState, CounterTrayBridge } from '../../src-shared/ipc/contract';
import { packList } from '../../src-shared/ipc/packed-list';
import { COFFEE_ID, TRIP_ID, counter, signedInState } from '../support/app-fakes';

const KEYS = ['id', 'name', 'type', 'value', 'startDate', 'endDate', 'pending', 'refused', 'error', 'sendingSlowly', 'waiting'] as const;
const state = signedInState([counter(COFFEE_ID, 'Coffees', 3), { ...counter(TRIP_ID, 'Trip', 9), refused: { increment: 'limit' } }], []);
const bridged = (counters = packList(state.core!.counters, [...KEYS])): BridgedAppState => ({ ...state, core: { ...state.core!, counters } });

function bridgeAnswering(value: unknown): CounterTrayBridge {
  return { invoke: vi.fn(async () => ({ ok: true, value })) as CounterTrayBridge['invoke'], on: vi.fn(() => () => undefined) };
}

describe('the page’s end of the bridge', () => {
  it('unpacks state:get’s counters into the contract’s AppState', async () => {
    expect(await fromBridge(bridgeAnswering(bridged())).invoke('state:get', {})).toEqual({ ok: true, value: state });
    expect(await fromBridge(bridgeAnswering({ ...state, core: null })).invoke('state:get', {})).toEqual({ ok: true, value: { ...state, core: null } });
  });

  it('answers badResponse for a packed list cut short, and the control, the whole list, reads back', async () => {
    const whole = packList(state.core!.counters, [...KEYS]);
    const cut = { ...whole, text: whole.text.slice(0, -3) };
    expect(await fromBridge(bridgeAnswering(bridged(cut))).invoke('state:get', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    expect(await fromBridge(bridgeAnswering(bridged(whole))).invoke('state:get', {})).toMatchObject({ ok: true });
  });

  it('hands every other answer, errors and events on as they came', async () => {
    const bridge = bridgeAnswering({ accentColor: '#0078d4' });
    const api = fromBridge(bridge);
    expect(await api.invoke('settings:update', {})).toEqual({ ok: true, value: { accentColor: '#0078d4' } });
    const failing: CounterTrayBridge = { ...bridge, invoke: vi.fn(async () => ({ ok: false, error: { code: 'x', message: 'y' } })) as CounterTrayBridge['invoke'] };
    expect(await fromBridge(failing).invoke('state:get', {})).toEqual({ ok: false, error: { code: 'x', message: 'y' } });
    const listener = () => undefined;
    api.on('state:delta', listener);
    expect(bridge.on).toHaveBeenCalledWith('state:delta', listener);
    expect(Object.isFrozen(api)).toBe(true);
  });
});
