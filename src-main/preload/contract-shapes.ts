// The contract's answers and events as shapes (shape.ts): what the preload checks main's
// messages against. Under test this module describes the zod schemas when imported; the
// preload bundle never runs it: the build replaces it with the same description written out
// as data (scripts/build-options.mjs `preloadOptions`), so the popup carries no zod.
import { AppState, IpcError, eventChannels, invokeChannels, type EventChannel, type InvokeChannel } from '../../src-shared/ipc/contract';
import { CounterState } from '../../src-shared/domain/snapshot';
import type { z } from 'zod';
import { describeSchemas } from './describe-schema';
import type { ShapeSet } from './shape';

export type ContractShapeName = 'appState' | 'counterState' | 'ipcError' | `answer:${InvokeChannel}` | `event:${EventChannel}`;

export function describeContract(): ShapeSet<ContractShapeName> {
  const schemas: Partial<Record<ContractShapeName, z.core.$ZodType>> = { appState: AppState, counterState: CounterState, ipcError: IpcError };
  for (const channel of Object.keys(invokeChannels) as InvokeChannel[]) schemas[`answer:${channel}`] = invokeChannels[channel].response;
  for (const event of Object.keys(eventChannels) as EventChannel[]) schemas[`event:${event}`] = eventChannels[event];
  return describeSchemas(schemas as Record<ContractShapeName, z.core.$ZodType>);
}

export const CONTRACT_SHAPES: ShapeSet<ContractShapeName> = describeContract();
